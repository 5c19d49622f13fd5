import { Random } from './random.js';
import { EnglishText, type SeedText } from './text.js';
import { ChineseText } from './text.zh.js';
import { FACETS, TOPICS, type Topic } from './topics.js';

export interface SeedOptions {
  questions: number;
  /** Answers per question. */
  answers: number;
  users: number;
  /** Comments per post, on average. */
  comments: number;
  /** Seed of the random source: the same seed gives the same community. */
  seed: number;
  /** The end of the seeded period (Unix seconds); the community's history runs up to it. */
  now: number;
  /** The language of the prose (tags and code stay as they are). */
  lang: SeedLanguage;
}

export const SEED_LANGUAGES = ['en_US', 'zh_CN'] as const;
export type SeedLanguage = (typeof SEED_LANGUAGES)[number];

export const SEED_DEFAULTS = { questions: 200, answers: 3, users: 50, comments: 1, seed: 1, lang: 'en_US' } as const;
export const TAG_COUNT = 200;
/** Questions are spread over this many days before `now`. */
export const SEEDED_DAYS = 180;

const DAY = 86_400;
const HOUR = 3_600;

export interface MemberPlan {
  /** The wanted username; one taken (or wanted twice) gets a number appended when written. */
  username: string;
  displayName: string;
  bio: string;
  createdAt: number;
}

export interface TagPlan {
  slug: string;
  displayName: string;
  description: string;
  topic: Topic;
}

/** A post of one question, by its place in the plan: the question, its n-th answer or n-th comment. */
export type PostRef = { kind: 'question' } | { kind: 'answer'; index: number } | { kind: 'comment'; index: number };

export type QuestionEvent =
  | { type: 'answer'; at: number; index: number; author: number; body: string }
  | { type: 'comment'; at: number; index: number; author: number; on: PostRef; text: string }
  | { type: 'vote'; at: number; voter: number; on: PostRef; vote: 1 | -1 }
  | { type: 'accept'; at: number; answer: number };

export interface QuestionPlan {
  author: number;
  title: string;
  body: string;
  /** Indexes into the plan's tags: three different ones. */
  tags: number[];
  at: number;
  /** What happens to the question afterwards, in time order. */
  events: QuestionEvent[];
}

/**
 * The seeded community as data: members, tags, then questions one at a time (so a million of
 * them never sit in memory). Everything comes from one random source, drawn in a fixed order.
 */
export class SeedPlan {
  readonly members: MemberPlan[];
  readonly tags: TagPlan[];
  private readonly rng: Random;
  private readonly text: SeedText;
  /** When the seeded history begins. */
  readonly start: number;
  /** The compound tags of each technology, by index. */
  private readonly compoundsOf = new Map<Topic, number[]>();

  constructor(readonly options: SeedOptions) {
    this.rng = new Random(options.seed);
    this.text = options.lang === 'zh_CN' ? new ChineseText(this.rng) : new EnglishText(this.rng);
    this.start = options.now - SEEDED_DAYS * DAY;
    this.members = this.planMembers();
    this.tags = this.planTags();
    this.tags.forEach((tag, index) => {
      if (index < TOPICS.length) return;
      this.compoundsOf.set(tag.topic, [...(this.compoundsOf.get(tag.topic) ?? []), index]);
    });
  }

  *questions(): Generator<QuestionPlan> {
    for (let i = 0; i < this.options.questions; i += 1) yield this.planQuestion(i);
  }

  private planMembers(): MemberPlan[] {
    const r = this.rng;
    return Array.from({ length: this.options.users }, () => ({
      ...this.text.member(),
      createdAt: this.start - r.int(1, 60) * DAY + r.int(0, DAY - 1),
    }));
  }

  /** Every technology, then compound tags (`python-testing`) drawn from all pairs up to 200. */
  private planTags(): TagPlan[] {
    const bases: TagPlan[] = TOPICS.map((topic) => ({
      slug: topic.slug,
      displayName: topic.name,
      description: this.text.tagDescription(topic),
      topic,
    }));
    const pairs = TOPICS.flatMap((topic) => FACETS.map((facet) => ({ topic, facet })));
    const compounds = this.rng.shuffle(pairs).slice(0, Math.max(0, TAG_COUNT - bases.length));
    return [
      ...bases,
      ...compounds.map(({ topic, facet }) => ({
        slug: `${topic.slug}-${facet.slug}`,
        displayName: `${topic.slug}-${facet.slug}`,
        description: this.text.tagDescription(topic, facet),
        topic,
      })),
    ];
  }

  private planQuestion(i: number): QuestionPlan {
    const r = this.rng;
    const { questions, users } = this.options;
    const span = (SEEDED_DAYS - 1) * DAY;
    const at = this.start + Math.floor(((i + r.next()) * span) / questions);
    const author = r.skewed(users);
    const tags = this.questionTags();
    const main = this.tagTopic(tags[0]);
    const other = this.tagTopic(tags[2]);
    const title = this.text.title(main, other);
    const body = this.text.questionBody(main, other);
    const events: QuestionEvent[] = [];
    const authors: number[] = [author];
    const answerTimes = Array.from({ length: this.options.answers }, () => this.clamp(at + 60 + r.delay(6 * HOUR)));
    answerTimes.sort((a, b) => a - b);
    const answerers = this.distinctMembers(answerTimes.length, [author], true);
    answerTimes.forEach((answerAt, index) => {
      const answerer = answerers[index] ?? r.skewed(users);
      authors.push(answerer);
      events.push({ type: 'answer', at: answerAt, index, author: answerer, body: this.text.answerBody(main) });
    });
    const posts: { ref: PostRef; at: number; author: number }[] = [
      { ref: { kind: 'question' }, at, author },
      ...answerTimes.map((answerAt, index) => ({
        ref: { kind: 'answer', index } as PostRef,
        at: answerAt,
        author: authors[index + 1] ?? author,
      })),
    ];
    const scores = this.planVotes(posts, events);
    this.planComments(posts, events);
    this.planAccept(answerTimes, scores, events);
    events.sort((a, b) => a.at - b.at);
    return { author, title, body, tags, at, events };
  }

  /** The main technology, a compound tag of it when there is one, and another technology (third). */
  private questionTags(): number[] {
    const r = this.rng;
    const main = r.skewed(TOPICS.length);
    const compounds = this.compoundsOf.get(TOPICS[main] as Topic) ?? [];
    const second = compounds.length ? r.pick(compounds) : this.otherTag([main]);
    return [main, second, this.otherTag([main, second])];
  }

  private otherTag(not: number[]): number {
    let index = this.rng.skewed(TOPICS.length);
    while (not.includes(index)) index = this.rng.int(0, TOPICS.length - 1);
    return index;
  }

  private tagTopic(index: number | undefined): Topic {
    const tag = this.tags[index ?? 0];
    if (!tag) throw new Error('a question without tags');
    return tag.topic;
  }

  /** Votes on the question and its answers (mostly up), by members other than the author. */
  private planVotes(posts: { ref: PostRef; at: number; author: number }[], events: QuestionEvent[]): number[] {
    const r = this.rng;
    return posts.map((post) => {
      const max = post.ref.kind === 'question' ? 9 : 7;
      const count = Math.floor(r.next() ** 1.5 * max);
      let score = 0;
      for (const voter of this.distinctMembers(count, [post.author], false)) {
        const vote = r.chance(0.1) ? -1 : 1;
        score += vote;
        events.push({ type: 'vote', at: this.clamp(post.at + 300 + r.delay(2 * DAY)), voter, on: post.ref, vote });
      }
      return score;
    });
  }

  /** About `comments` per post; a fifth of the comments get an upvote. */
  private planComments(posts: { ref: PostRef; at: number; author: number }[], events: QuestionEvent[]): void {
    const r = this.rng;
    const mean = this.options.comments;
    let index = 0;
    for (const post of posts) {
      const count = mean > 0 ? r.int(0, 2 * mean) : 0;
      const said = new Set<string>();
      for (let k = 0; k < count; k += 1) {
        const author = this.distinctMembers(1, [post.author], false)[0] ?? post.author;
        const at = this.clamp(post.at + 120 + r.delay(4 * HOUR));
        // Nobody repeats the comment just above theirs (a few tries; the lists are short).
        let text = this.text.comment(post.ref.kind === 'answer');
        for (let tries = 0; said.has(text) && tries < 4; tries += 1)
          text = this.text.comment(post.ref.kind === 'answer');
        said.add(text);
        events.push({ type: 'comment', at, index, author, on: post.ref, text });
        const voter = r.chance(0.2) ? this.distinctMembers(1, [author], false)[0] : undefined;
        if (voter !== undefined) {
          events.push({
            type: 'vote',
            at: this.clamp(at + r.delay(DAY)),
            voter,
            on: { kind: 'comment', index },
            vote: 1,
          });
        }
        index += 1;
      }
    }
  }

  /** Six questions in ten with answers accept one: the best-scored, earliest among equals. */
  private planAccept(answerTimes: number[], scores: number[], events: QuestionEvent[]): void {
    const r = this.rng;
    if (answerTimes.length === 0 || !r.chance(0.6)) return;
    let best = 0;
    answerTimes.forEach((_, index) => {
      if ((scores[index + 1] ?? 0) > (scores[best + 1] ?? 0)) best = index;
    });
    const at = this.clamp((answerTimes[best] ?? 0) + 300 + r.delay(DAY));
    events.push({ type: 'accept', at, answer: best });
  }

  /**
   * `count` different members, none of them in `not`, the busy ones more often. Answers
   * (`strict`) avoid repeating a member while others are left; votes never repeat one.
   */
  private distinctMembers(count: number, not: number[], strict: boolean): number[] {
    const r = this.rng;
    const users = this.options.users;
    const taken = new Set(not);
    const chosen: number[] = [];
    const wanted = Math.min(count, users - taken.size);
    while (chosen.length < wanted) {
      let member = r.skewed(users);
      for (let tries = 0; taken.has(member) && tries < 8; tries += 1) member = r.skewed(users);
      while (taken.has(member)) member = (member + 1) % users;
      chosen.push(member);
      taken.add(member);
    }
    if (strict) while (chosen.length < count) chosen.push(r.int(0, users - 1));
    return chosen;
  }

  /** Nothing happens in the future: late replies land just before `now`. */
  private clamp(at: number): number {
    return Math.min(at, this.options.now - 60);
  }
}

import * as P from './phrases.js';
import type { Random } from './random.js';
import { codeBlock } from './snippets.js';
import { TOPICS, type Facet, type Topic } from './topics.js';

/** A seeded member's public face. */
export interface MemberText {
  username: string;
  displayName: string;
  bio: string;
}

/**
 * Plausible technical Q&A prose in one language: titles, and bodies of about 110 words in three
 * paragraphs with a short code block. Everything is drawn from the random source it was given,
 * so one seed gives one text.
 */
export interface SeedText {
  member(): MemberText;
  tagDescription(topic: Topic, facet?: Facet): string;
  title(main: Topic, other: Topic): string;
  questionBody(main: Topic, other: Topic): string;
  answerBody(main: Topic): string;
  /**
   * A short comment: thanks (under an answer), or a question back to the post's author, written
   * `@{author}`; the writer puts the author's username there once members are written.
   */
  comment(onAnswer: boolean): string;
}

export const AUTHOR_MENTION = '@{author}';

/** English. */
export class EnglishText implements SeedText {
  constructor(private readonly rng: Random) {}

  member(): MemberText {
    const r = this.rng;
    const first = r.pick(P.FIRST_NAMES);
    const last = r.pick(P.LAST_NAMES);
    const [a, b] = [r.pick(TOPICS), r.pick(TOPICS)];
    return {
      username: `${first}.${last}`.toLowerCase(),
      displayName: `${first} ${last}`,
      bio: `${r.pick(P.ROLES)}. Mostly ${a.name} and ${b.name}.`,
    };
  }

  tagDescription(topic: Topic, facet?: Facet): string {
    return facet
      ? `${topic.name} questions about ${facet.words}.`
      : `Questions about ${topic.name}: using it, configuring it, and fixing it when it misbehaves.`;
  }

  /** A question title about `main`, sometimes naming `other` too. */
  title(main: Topic, other: Topic): string {
    const r = this.rng;
    const action = r.pick(P.ACTIONS);
    const symptom = r.pick(P.SYMPTOMS);
    const object = r.pick(P.OBJECTS);
    const templates = [
      () => `How do I ${action.verb} ${object} in ${main.name}?`,
      () => `Why does ${main.name} ${symptom.base} ${r.pick(P.CONDITIONS)}?`,
      () => `${main.name} ${symptom.third} after ${r.pick(P.EVENTS)}`,
      () => `What is the best way to ${action.verb} ${object} with ${main.name} and ${other.name}?`,
      () => `Is it possible to ${action.verb} ${object} in ${main.name} without ${r.pick(P.ATTEMPTS)}?`,
      () => `How can I stop ${main.name} from ${symptom.ing}?`,
      () => `Best practice for ${action.ing} ${object} in ${main.name}`,
    ];
    return capitalize(r.pick(templates)());
  }

  /** Context, the code that misbehaves, the problem, what was tried and the question. */
  questionBody(main: Topic, other: Topic): string {
    const r = this.rng;
    const symptom = r.pick(P.SYMPTOMS);
    const action = r.pick(P.ACTIONS);
    const object = r.pick(P.OBJECTS);
    const context = r.pick([
      `I am working on ${r.pick(P.PROJECTS)} that uses ${main.name} ${version(r)} together with ${other.name}. Most of it works fine, but ${object} became a problem after ${r.pick(P.EVENTS)}. Here is a reduced version of the code:`,
      `Our team maintains ${r.pick(P.PROJECTS)} built on ${main.name}. Since ${r.pick(P.EVENTS)}, our handling of ${object} behaves differently from what the documentation describes, and I cannot tell why. This is the part that matters:`,
      `I am fairly new to ${main.name} and I am building ${r.pick(P.PROJECTS)}. I followed the official guide closely, and everything worked until I started to ${action.verb} ${object}. The code looks like this:`,
    ]);
    const problem = r.pick([
      `When I run it ${r.pick(P.CONDITIONS)}, it ${symptom.third}. There is no error in the logs, only a warning that mentions ${r.pick(P.OBJECTS)}. The same code works on my laptop, which makes it hard to reproduce.`,
      `The problem appears only ${r.pick(P.CONDITIONS)}: the first request is fine, but after a few minutes it ${symptom.third}. I looked at it with ${r.pick(P.TOOLS)} and found that ${r.pick(P.OBSERVATIONS)}.`,
    ]);
    const ask = r.pick([
      `I have already tried ${r.pick(P.ATTEMPTS)} and ${r.pick(P.ATTEMPTS)}, but neither made a difference. Is there a recommended way to ${action.verb} ${object} in ${main.name}, or am I missing a setting somewhere?`,
      `What is the usual way to handle this in ${main.name}? I would rather not ${action.verb} everything by hand, because the code base is large and the team is small. Pointers to the right part of the documentation would help too.`,
    ]);
    return [context, codeBlock(r, main), problem, ask].join('\n\n');
  }

  /** The cause, the fix with code, and what it changes. */
  answerBody(main: Topic): string {
    const r = this.rng;
    const diagnosis = r.pick([
      `This happens because ${r.pick(P.CAUSES)}. ${main.name} does not warn you about it, so everything looks fine until you run it ${r.pick(P.CONDITIONS)}.`,
      `You are running into a common trap: ${r.pick(P.CAUSES)}. It is easy to miss, because in development there is only one process and hardly any data, so the problem never shows.`,
    ]);
    const fix = `The fix is to ${r.pick(P.FIXES)}. Something along these lines should work:`;
    const outcome = `With that change ${r.pick(P.RESULTS)}. ${r.pick(P.CAVEATS)}. If it still ${r.pick(P.SYMPTOMS).third} afterwards, turn on debug logging and look at ${r.pick(P.TOOLS)}: if ${r.pick(P.OBSERVATIONS)}, there is a second cause.`;
    return [diagnosis, fix, codeBlock(r, main), outcome].join('\n\n');
  }

  comment(onAnswer: boolean): string {
    const r = this.rng;
    if (onAnswer && r.chance(0.5)) return r.pick(P.THANKS);
    return `${AUTHOR_MENTION} ${r.pick(P.FOLLOW_UPS)}`;
  }
}

export function version(r: Random): string {
  return `${r.int(1, 5)}.${r.int(0, 20)}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

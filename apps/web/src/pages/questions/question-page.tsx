import {
  QUESTION_SHOW,
  QUESTION_STATUS,
  fullComment,
  type CommentView,
  type PageComment,
  type Paged,
  questionPath,
  type PageAnswer,
  type PageQuestion,
  type QuestionPageParts,
} from '@inquire/shared';
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/links';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { RelativeTime } from '../../components/relative-time';
import { Alert } from '../../components/ui/alert';
import { Badge, TagChip } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { VoteBox } from '../../components/vote-box';
import { API_BASE, http } from '../../lib/http';
import { HTML_ONCE_ATTR } from '../../lib/html-once';
import { useTranslation } from '../../lib/translation';
import { ClosedNotice } from '../curation/closed-notice';
import { showsPostActions } from '../curation/post-actions-shown';
import { AnswerForm } from './answer-form';
import { Comments } from './comments';
import { QuestionTools } from './question-tools';
import { canonicalizeQuestionAddress, readQuestionAddress } from './question-address';
import { questionInteractions, type QuestionInteractions } from './question-interactions';
import { EMPTY_REACTIONS, Reactions } from './reactions';
import { RestrictedAnswerNotice } from './restricted-answer-notice';
import { NewPostsNotice } from './new-posts-notice';
import { FlagButton } from '../moderation/deferred-flag-button';
import { DecisionNotice, InvitePeople, PostActions } from './deferred-parts';

export interface QuestionPageData {
  question: PageQuestion;
  answers: Paged<PageAnswer>;
  /** Comments of the question and of each answer, by post id. */
  comments: Record<string, Paged<PageComment>>;
  now: number;
  permalink: number;
  /** The question's canonical address on this site, for the share link. */
  shareUrl: string;
  signedIn: boolean;
  canComment: boolean;
  /** Whether the server lets the reader flag this page's posts and comments. */
  canFlag: boolean;
  /** The answer the address names (long id), to scroll to. */
  answerId?: string;
  interactions: QuestionInteractions;
}

export async function questionPageLoader(
  { context, request, params }: LoaderFunctionArgs,
  session: Reader,
): Promise<QuestionPageData> {
  const url = new URL(request.url);
  const address = readQuestionAddress(params);
  const parts = await fromApi(
    loaderApi(context).get<QuestionPageParts>(`${API_BASE}/question/page-data`, { id: address.questionId }),
    url,
  );
  const { question, answers } = parts;
  canonicalizeQuestionAddress(params, address, question, session.site.site_seo.permalink, url.search);
  const interactions = questionInteractions(parts);
  return {
    question,
    answers,
    comments: parts.comments,
    now: Math.floor(Date.now() / 1000),
    permalink: session.site.site_seo.permalink,
    shareUrl: `${session.site.general.site_url.replace(/\/+$/, '')}${questionPath(question, session.site.site_seo.permalink)}`,
    signedIn: session.user !== null,
    canComment: session.user?.actions.comment ?? false,
    canFlag: parts.can_flag,
    ...(address.answerId ? { answerId: address.answerId } : {}),
    interactions,
  };
}

/** A post's comments from the page data, whole again (the page carries them compact). */
function commentsOf(pages: Record<string, Paged<PageComment>>, postId: string): Paged<CommentView> {
  const page = pages[postId];
  return { count: page?.count ?? 0, list: (page?.list ?? []).map((c) => fullComment(c, postId)) };
}

/**
 * What search engines read about a post besides what its visible elements carry (schema.org
 * microdata: the title, the text, the date on its time element, the score on its vote count):
 * its author and, for an answer, its address (the answer's anchor on this page).
 */
function PostFacts({ post, url }: { post: PageQuestion | PageAnswer; url?: string }) {
  return (
    <>
      {url ? <link itemProp="url" href={url} /> : null}
      <span hidden itemProp="author" itemScope itemType="https://schema.org/Person">
        <meta itemProp="name" content={post.operator.display_name} />
      </span>
    </>
  );
}

/** A deleted answer stays out of the structured data (its facts would land on the question). */
function inStructuredData(answer: PageAnswer): boolean {
  return answer.status !== QUESTION_STATUS.deleted;
}

/** Published posts take flags; the server refuses deleted ones, and held ones are their author's and staff's alone. */
function takesFlags(status: number): boolean {
  return status === QUESTION_STATUS.normal || status === QUESTION_STATUS.closed;
}

/**
 * A post's flag button and its actions (edit, delete, close…), as the server's flags allow.
 * A reader with neither (a guest) gets no row at all: nothing empty is sent for each post.
 */
function PostControls({
  kind,
  post,
  questionId,
  canFlag,
  signedIn,
  onChanged,
}: {
  kind: 'question' | 'answer';
  post: PageQuestion | PageAnswer;
  questionId: string;
  canFlag: boolean;
  signedIn: boolean;
  onChanged(): void;
}) {
  const flags = canFlag && takesFlags(post.status);
  const actions = showsPostActions(post.actions, signedIn);
  if (!flags && !actions) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {flags ? <FlagButton objectId={post.id} objectType={kind} /> : null}
      {actions ? (
        <PostActions
          kind={kind}
          postId={post.id}
          questionId={questionId}
          actions={post.actions}
          signedIn={signedIn}
          onChanged={onChanged}
        />
      ) : null}
    </div>
  );
}

/** The decision action whose state the question's banner states (a decision notice need not say it again). */
const BANNER_ACTION: Record<number, 'delete' | 'close'> = {
  [QUESTION_STATUS.deleted]: 'delete',
  [QUESTION_STATUS.closed]: 'close',
};

function bannerAction(question: PageQuestion): string | undefined {
  if (question.status === QUESTION_STATUS.pending) return undefined;
  return BANNER_ACTION[question.status] ?? (question.show === QUESTION_SHOW.hidden ? 'unlist' : undefined);
}

function StatusBanner({ question }: { question: PageQuestion }) {
  const { t } = useTranslation();
  if (question.status === QUESTION_STATUS.deleted) return <Alert kind="danger">{t('ui.question.deleted')}</Alert>;
  if (question.status === QUESTION_STATUS.pending) return <Alert kind="warning">{t('ui.question.pending')}</Alert>;
  if (question.status === QUESTION_STATUS.closed) {
    return (
      <Alert kind="info">
        {t('ui.question.closed')}
        <ClosedNotice operation={question.operation} />
      </Alert>
    );
  }
  if (question.show === QUESTION_SHOW.hidden) return <Alert kind="info">{t('ui.question.unlisted')}</Alert>;
  return null;
}

/** The question page: the question, its answers (accepted first), and the answer form. */
export function QuestionPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as QuestionPageData;
  const { question, answers, now } = data;
  const aid = data.answerId;
  const { interactions } = data;
  const revalidator = useRevalidator();
  const [highlight, setHighlight] = useState<string | undefined>(undefined);

  // An answer link scrolls to the answer and highlights it, fading over 3200 ms (spec section 9).
  useEffect(() => {
    if (!aid) return;
    document.getElementById(aid)?.scrollIntoView({ block: 'start' });
    setHighlight(aid);
  }, [aid]);

  async function accept(answerId: string) {
    await http
      .post(`${API_BASE}/answer/acceptance`, { question_id: question.id, answer_id: answerId })
      // Refused or failed: the client has shown why; the page is read again either way.
      .catch(() => undefined);
    await revalidator.revalidate();
  }

  return (
    // schema.org QAPage as microdata on the page's own elements (the text is not sent twice).
    <article itemScope itemType="https://schema.org/QAPage">
      <div className="space-y-6" itemProp="mainEntity" itemScope itemType="https://schema.org/Question">
        <header className="space-y-2 border-b border-gray-200 pb-4 dark:border-gray-800">
          <h1 className="text-2xl font-semibold break-words" itemProp="name">
            {question.title}
          </h1>
          <PostFacts post={question} />
          <meta itemProp="answerCount" content={String(question.answer_count)} />
          <p className="text-sm text-gray-600 dark:text-gray-400">
            <RelativeTime at={question.created_at} now={now} itemProp="dateCreated" /> ·{' '}
            {t('ui.questions.views', { count: question.view_count, formatted: String(question.view_count) })}
          </p>
        </header>
        <StatusBanner question={question} />
        {/* The banner above says the state, and a close's reason: the notice adds what it does not. */}
        {question.decision ? (
          <DecisionNotice
            decision={question.decision}
            said={{
              action: bannerAction(question) === question.decision.action,
              reason: bannerAction(question) === 'close' && Boolean(question.operation),
            }}
            onChanged={() => revalidator.revalidate()}
          />
        ) : null}
        <div className="flex gap-4">
          <VoteBox
            itemProp="upvoteCount"
            objectId={question.id}
            count={question.vote_count}
            status={question.vote_status}
            actions={question.actions}
            signedIn={data.signedIn}
          />
          <div
            className="prose max-w-none min-w-0 flex-1 dark:prose-invert"
            itemProp="text"
            {...{ [HTML_ONCE_ATTR]: question.id }}
            dangerouslySetInnerHTML={{ __html: question.html }}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex flex-wrap gap-2">
            {question.tags.map((tag) => (
              <TagChip key={tag.slug_name} slug={tag.slug_name} name={tag.display_name} />
            ))}
          </div>
          <AuthorCard label={t('ui.question.asked_by')} author={question.operator} />
        </div>
        <Reactions
          objectId={question.id}
          summary={interactions.reactions[question.id] ?? EMPTY_REACTIONS}
          signedIn={data.signedIn}
        />
        <QuestionTools question={question} signedIn={data.signedIn} shareUrl={data.shareUrl} />
        <PostControls
          kind="question"
          post={question}
          questionId={question.id}
          canFlag={data.canFlag}
          signedIn={data.signedIn}
          onChanged={() => revalidator.revalidate()}
        />
        <Comments
          signedIn={data.signedIn}
          canFlag={data.canFlag}
          objectId={question.id}
          comments={commentsOf(data.comments, question.id)}
          now={now}
          canComment={data.canComment}
          onChanged={() => revalidator.revalidate()}
        />

        <section aria-labelledby="answers-heading" className="space-y-4 pt-2">
          <h2 id="answers-heading" className="text-xl font-semibold">
            {t('ui.question.answers_heading', { count: answers.count })}
          </h2>
          {answers.list.length === 0 ? (
            <p className="text-gray-600 dark:text-gray-400">{t('ui.question.no_answers')}</p>
          ) : null}
          {answers.list.map((answer) => (
            <div
              key={answer.id}
              id={answer.id}
              {...(!inStructuredData(answer)
                ? {}
                : {
                    itemProp: answer.accepted === 2 ? 'acceptedAnswer' : 'suggestedAnswer',
                    itemScope: true,
                    itemType: 'https://schema.org/Answer',
                  })}
              className={`answer-card${answer.accepted === 2 ? ' accepted' : ''}${highlight === answer.id ? ' animate-highlight' : ''}`}
            >
              {inStructuredData(answer) ? <PostFacts post={answer} url={`#${answer.id}`} /> : null}
              {answer.status === QUESTION_STATUS.deleted ? (
                <div className="mb-2">
                  <Badge kind="danger">{t('ui.curation.answer_deleted')}</Badge>
                </div>
              ) : null}
              {answer.status === QUESTION_STATUS.pending ? (
                <div className="mb-2">
                  <Badge kind="warning">{t('ui.review.waiting')}</Badge>
                </div>
              ) : null}
              {answer.decision ? (
                <div className="mb-2">
                  <DecisionNotice
                    decision={answer.decision}
                    said={{ action: answer.status === QUESTION_STATUS.deleted, reason: false }}
                    onChanged={() => revalidator.revalidate()}
                  />
                </div>
              ) : null}
              {answer.accepted === 2 ? (
                <div className="mb-2">
                  <Badge kind="success">{t('ui.question.accepted')}</Badge>
                </div>
              ) : null}
              <div className="flex gap-4">
                <VoteBox
                  itemProp={inStructuredData(answer) ? 'upvoteCount' : undefined}
                  objectId={answer.id}
                  count={answer.vote_count}
                  status={answer.vote_status}
                  actions={answer.actions}
                  signedIn={data.signedIn}
                />
                <div
                  className="prose max-w-none min-w-0 flex-1 dark:prose-invert"
                  itemProp="text"
                  {...{ [HTML_ONCE_ATTR]: answer.id }}
                  dangerouslySetInnerHTML={{ __html: answer.html }}
                />
              </div>
              <div className="mt-3">
                <Reactions
                  objectId={answer.id}
                  summary={interactions.reactions[answer.id] ?? EMPTY_REACTIONS}
                  signedIn={data.signedIn}
                />
              </div>
              <div className="post-foot">
                {answer.actions.accept ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void accept(answer.accepted === 2 ? '' : answer.id)}
                  >
                    {answer.accepted === 2 ? t('ui.question.unaccept') : t('ui.question.accept')}
                  </Button>
                ) : (
                  <span />
                )}
                <PostControls
                  kind="answer"
                  post={answer}
                  questionId={question.id}
                  canFlag={data.canFlag}
                  signedIn={data.signedIn}
                  onChanged={() => revalidator.revalidate()}
                />
                <div className="post-byline">
                  <RelativeTime
                    at={answer.created_at}
                    now={now}
                    itemProp={inStructuredData(answer) ? 'dateCreated' : undefined}
                  />
                  <AuthorCard author={answer.operator} />
                </div>
              </div>
              <Comments
                signedIn={data.signedIn}
                canFlag={data.canFlag}
                objectId={answer.id}
                comments={commentsOf(data.comments, answer.id)}
                now={now}
                canComment={data.canComment}
                onChanged={() => revalidator.revalidate()}
              />
            </div>
          ))}
        </section>

        {question.actions.invite === true || interactions.invited.length > 0 ? (
          <InvitePeople
            questionId={question.id}
            invited={interactions.invited}
            canInvite={question.actions.invite === true}
          />
        ) : null}
        {question.actions.answer && interactions.myAnswerId ? (
          <RestrictedAnswerNotice questionId={question.id} answerId={interactions.myAnswerId} />
        ) : question.actions.answer ? (
          <AnswerForm questionId={question.id} onPosted={() => revalidator.revalidate()} />
        ) : !data.signedIn && question.status === QUESTION_STATUS.normal ? (
          <Link
            to={`/users/login?redirect=${encodeURIComponent(questionPath(question, data.permalink))}`}
            className="inline-block font-medium text-primary-text hover:underline"
          >
            {t('ui.question.login_to_answer')}
          </Link>
        ) : null}
      </div>
      <NewPostsNotice questionId={question.id} shownAnswerIds={answers.list.map((answer) => answer.id)} />
    </article>
  );
}

function AuthorCard({ author, label }: { author: PageQuestion['operator']; label?: string }) {
  return (
    <div className="author-card">
      <Avatar src={author.avatar} name={author.display_name} size={28} />
      <div>
        {label ? <p className="muted text-xs">{label}</p> : null}
        <Link to={`/users/${author.username}`} className="author-link">
          {author.display_name}
        </Link>
      </div>
    </div>
  );
}

import { askQuestionSchema, askWithAnswerSchema, questionLinkQuery, questionPageQuery } from '@inquire/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../infra/envelope.js';
import { requireLogin, requirePrivilege, requireReader } from '../../infra/guards.js';
import { parseInput } from '../../infra/validate.js';
import { getRead } from '../../infra/reads.js';
import { visitorOf } from '../../infra/visitor.js';
import { originOf } from '../../infra/request-origin.js';

const idQuery = z.object({ id: z.string().min(1, 'form.invalid_value') });
const tagQuery = z.object({ tag: z.string().max(35).default('') });
const similarQuery = z.object({ title: z.string().max(150).default('') });

export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const { questions } = app.services;

  getRead(app, '/answer/api/v1/question/page', async (request, params) => {
    await requireReader(request);
    return await questions.page(parseInput(questionPageQuery, params), request.actor);
  });

  // Answer's feed of the member's followed tags and questions: members only (401 for a guest).
  getRead(app, '/answer/api/v1/question/recommend/page', async (request, params) => {
    await requireReader(request);
    const actor = requireLogin(request);
    return await questions.page({ ...parseInput(questionPageQuery, params), order: 'recommend' }, actor);
  });

  // Linked questions: those whose posts link to this one (404 when the caller may not see it).
  getRead(app, '/answer/api/v1/question/link', async (request, params) => {
    await requireReader(request);
    const { question_id, ...query } = parseInput(questionLinkQuery, params);
    return await questions.linked(question_id, query, request.actor);
  });

  getRead(app, '/answer/api/v1/question/info', async (request, params) => {
    await requireReader(request);
    const { id } = parseInput(idQuery, params);
    return await questions.info(id, request.actor, visitorOf(request));
  });

  // Everything the question page shows, in one read (the server render and page-data use it).
  getRead(app, '/answer/api/v1/question/page-data', async (request, params) => {
    await requireReader(request);
    const { id } = parseInput(idQuery, params);
    return await app.services.questionPage.load(id, request.actor, visitorOf(request));
  });

  app.post('/answer/api/v1/question', async (request, reply) => {
    const actor = requirePrivilege(request, 'question.add');
    const input = parseInput(askQuestionSchema, request.body);
    await app.services.writeLimits.guard('question', request, request.body);
    const asked = await questions.ask(input, actor, originOf(request));
    // Answer answers the new question as question/info shows it (id and url_title among its fields).
    return ok(request, reply, await questions.info(asked.id, actor));
  });

  /**
   * Asks a question with the asker's own answer (the ask form's "answer your own question"):
   * both are written or neither. Limited as an ask, with the ask's captcha (as Answer does).
   * Answer's reply: the new answer and its question (`{info, question}`), as `answer/info` gives them.
   */
  app.post('/answer/api/v1/question/answer', async (request, reply) => {
    const actor = requirePrivilege(request, 'question.add');
    requirePrivilege(request, 'answer.add');
    const input = parseInput(askWithAnswerSchema, request.body);
    await app.services.writeLimits.guard('question', request, request.body);
    const asked = await questions.askWithAnswer(input, actor, app.services.answers, originOf(request));
    return ok(request, reply, await app.services.revisions.answerInfo(asked.answerId, actor));
  });

  getRead(app, '/answer/api/v1/question/similar', async (request, params) => {
    await requireReader(request);
    const { title } = parseInput(similarQuery, params);
    return await app.services.search.similar(title);
  });

  getRead(app, '/answer/api/v1/question/tags', async (request, params) => {
    await requireReader(request);
    const { tag } = parseInput(tagQuery, params);
    return await questions.suggestTags(tag);
  });
}

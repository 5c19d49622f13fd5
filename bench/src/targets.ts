/**
 * The speed targets, checked against one engine's run and printed (never asserted:
 * the figures move with the machine's load).
 */
import type { LoadResult } from './load.js';

export interface EngineRun {
  engine: string;
  questions: number;
  staticFile: LoadResult;
  guestQuestionHit: LoadResult;
  guestListHit: LoadResult;
  memberQuestion: LoadResult;
  listApi: LoadResult;
  questionApi: LoadResult;
  /** GET search with a realistic query (staff: not rate limited). */
  searchApi: LoadResult;
  /** In-process server render of the question page for a member (no cache), median ms. */
  memberRenderMedianMs: number;
  /** Highest summed RSS of the server's processes over the whole run, MB. */
  peakRssMB: number;
  /** The same with shared pages counted once (PSS), printed beside the target's RSS. */
  peakPssMB: number;
  /** The loaded question page's HTML with its hydration data, uncompressed. */
  questionPageBytes: number;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

/** The scale the "at 1M questions" targets are for. */
export const TARGET_SCALE = 1_000_000;

const share = (result: LoadResult, reference: LoadResult) =>
  reference.reqPerSec > 0 ? (100 * result.reqPerSec) / reference.reqPerSec : 0;

export function percent(result: LoadResult, reference: LoadResult): string {
  const value = share(result, reference);
  return `${value < 1 ? value.toFixed(2) : value.toFixed(1)}%`;
}

/** A load with no answer, or answers not all 2xx, measured something else: it cannot meet a target. */
const clean = (result: LoadResult) => result.completed > 0 && result.errors === 0 && result.non2xx === 0;

/** Issue 10: search p50 under 10 ms at 2,000 questions, under 50 ms at 1M. */
function searchCheck(run: EngineRun): TargetCheck {
  const atScale = run.questions >= TARGET_SCALE;
  const limit = atScale ? 50 : 10;
  const scope = atScale ? 'at 1M questions' : 'at 2,000 questions';
  return {
    target: `search API (GET search) p50 < ${limit} ms ${scope}`,
    measured: `${run.searchApi.p50} ms`,
    met: clean(run.searchApi) && run.searchApi.p50 < limit,
  };
}

export function checkTargets(run: EngineRun): TargetCheck[] {
  const ref = run.staticFile;
  const pageChecks = (label: string, result: LoadResult): TargetCheck[] => [
    {
      target: `${label} (cache hit) >= 10% of the static file's req/s`,
      measured: `${percent(result, ref)} (${Math.round(result.reqPerSec)} of ${Math.round(ref.reqPerSec)} req/s)`,
      met: clean(result) && share(result, ref) >= 10,
    },
    { target: `${label} (cache hit) p99 < 20 ms`, measured: `${result.p99} ms`, met: clean(result) && result.p99 < 20 },
  ];
  const atScale = run.questions >= TARGET_SCALE ? '' : ` [target is for ${TARGET_SCALE.toLocaleString('en-US')}]`;
  return [
    ...pageChecks('guest question page', run.guestQuestionHit),
    ...pageChecks('guest question list page', run.guestListHit),
    {
      target: "member question page >= 1% of the static file's req/s",
      measured: `${percent(run.memberQuestion, ref)} (${Math.round(run.memberQuestion.reqPerSec)} req/s)`,
      met: clean(run.memberQuestion) && share(run.memberQuestion, ref) >= 1,
    },
    {
      target: 'question page HTML (with hydration data) <= 48 KB',
      measured: `${(run.questionPageBytes / 1024).toFixed(1)} KB`,
      met: run.questionPageBytes <= 48 * 1024,
    },
    {
      target: 'member question page server render median < 5 ms',
      measured: `${run.memberRenderMedianMs} ms`,
      met: run.memberRenderMedianMs < 5,
    },
    {
      target: `list API (question/page) p50 < 20 ms${atScale}`,
      measured: `${run.listApi.p50} ms`,
      met: clean(run.listApi) && run.listApi.p50 < 20,
    },
    {
      target: `question API (question/info) p50 < 20 ms${atScale}`,
      measured: `${run.questionApi.p50} ms`,
      met: clean(run.questionApi) && run.questionApi.p50 < 20,
    },
    searchCheck(run),
    {
      target: `server RSS < 400 MB${atScale}`,
      measured: `${run.peakRssMB} MB (PSS ${run.peakPssMB} MB)`,
      met: run.peakRssMB < 400,
    },
  ];
}

import type { QuestionOperationInfo, ReasonOption } from '@inquire/shared';
import { translate } from '@inquire/i18n';
import type { Language } from '@inquire/shared';

/** The peer's reason catalogue (peer facts 5.3): config row ids are the wire's reason types. */
const REASON_KEYS: Record<number, { key: string; content: ReasonOption['content_type'] }> = {
  57: { key: 'reason.spam', content: '' },
  58: { key: 'reason.rude_or_abusive', content: '' },
  59: { key: 'reason.something', content: 'textarea' },
  60: { key: 'reason.a_duplicate', content: 'text' },
  61: { key: 'reason.not_a_answer', content: '' },
  62: { key: 'reason.no_longer_needed', content: '' },
  63: { key: 'reason.community_specific', content: '' },
  64: { key: 'reason.not_clarity', content: '' },
  65: { key: 'reason.normal', content: '' },
  67: { key: 'reason.closed', content: '' },
  68: { key: 'reason.deleted', content: '' },
};

/** Which reasons each (object type, action) offers. */
const REASONS_BY_ACTION: Record<string, number[]> = {
  'question.flag': [57, 58, 59, 60],
  'answer.flag': [57, 58, 59, 61],
  'comment.flag': [57, 58, 59, 62],
  // Flags on members are ours (the peer cannot flag users).
  'user.flag': [57, 58, 59],
  'question.close': [60, 63, 64, 59],
  'question.status': [65, 67, 68],
  'answer.status': [65, 68],
  'comment.status': [65, 68],
};

export function reasonsFor(objectType: string, action: string, lang: Language): ReasonOption[] {
  return (REASONS_BY_ACTION[`${objectType}.${action}`] ?? []).flatMap((type) => {
    const option = reasonOption(type, lang);
    return option ? [option] : [];
  });
}

/** One reason of the catalogue in a language (a flag's or a decision's), or null for an unknown type. */
export function reasonOption(type: number, lang: Language): ReasonOption | null {
  const reason = REASON_KEYS[type];
  if (!reason) return null;
  return {
    reason_type: type,
    reason_key: reason.key,
    name: translate(lang, `${reason.key}.name`),
    description: translate(lang, `${reason.key}.desc`),
    content_type: reason.content,
    placeholder: reason.content ? translate(lang, `${reason.key}.placeholder`) : '',
  };
}

/**
 * What readers see about a closed question: the reason's key (the page translates
 * `<key>.name` and `<key>.desc`), the closer's message and when it was closed.
 */
export function closeOperation(question: {
  status: number;
  close_type: number;
  close_msg: string;
  closed_at: number;
}): QuestionOperationInfo | null {
  const reason = REASON_KEYS[question.close_type];
  if (question.status !== 2 || !reason) return null;
  return {
    type: reason.key,
    description: `${reason.key}.desc`,
    msg: question.close_msg,
    time: question.closed_at,
    level: 'info',
  };
}

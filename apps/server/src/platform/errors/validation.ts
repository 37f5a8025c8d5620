import type { TLanguage } from '@linkstore/contract';
import type { z } from 'zod';
import { isMessageKey, translate, type MessageKey } from '../i18n/translate';

export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

export interface FieldError {
  field: string;
  message: string;
}

const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.int',
  boolean: 'type.boolean',
  object: 'type.object',
  array: 'type.array',
  date: 'type.date',
};
const FORMAT_KEYS: Record<string, MessageKey> = {
  email: 'format.email',
  url: 'format.url',
  uuid: 'format.uuid',
  regex: 'format.regex',
  datetime: 'format.datetime',
  date: 'format.date',
};

function sizeKind(origin: string): 'string' | 'number' | 'array' {
  if (origin === 'string') return 'string';
  if (origin === 'array' || origin === 'set') return 'array';
  return 'number';
}

/** One zod issue → a translated sentence naming the field. Inputs are never echoed back. */
export function describeIssue(lang: TLanguage, field: string, issue: z.core.$ZodIssue): string {
  // A schema that names its own message (a key of ours, e.g. `validation.passwordShort`) wins.
  if (isMessageKey(issue.message)) return translate(lang, issue.message, { field });
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return translate(lang, 'validation.required', { field });
      const expected = translate(lang, TYPE_KEYS[issue.expected] ?? 'type.string');
      return translate(lang, 'validation.invalidType', { field, expected });
    }
    case 'too_small':
      return translate(lang, `validation.tooSmall.${sizeKind(issue.origin)}`, {
        field,
        minimum: String(issue.minimum),
      });
    case 'too_big':
      return translate(lang, `validation.tooBig.${sizeKind(issue.origin)}`, {
        field,
        maximum: String(issue.maximum),
      });
    case 'invalid_format':
      return translate(lang, 'validation.invalidFormat', {
        field,
        format: translate(lang, FORMAT_KEYS[issue.format] ?? 'format.regex'),
      });
    case 'invalid_value':
      return translate(lang, 'validation.invalidValue', {
        field,
        values: issue.values.map(String).join(', '),
      });
    case 'unrecognized_keys':
      return translate(lang, 'validation.unrecognizedKeys', { keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return issue.divisor === 1
        ? translate(lang, 'validation.notInteger', { field })
        : translate(lang, 'validation.invalid', { field });
    default:
      return translate(lang, 'validation.invalid', { field });
  }
}

/** Names a field the way the client knows it: its path, or the part of the request when whole. */
export function fieldName(context: ValidationContext | undefined, path: PropertyKey[]): string {
  if (path.length > 0) return path.map(String).join('.');
  return context === 'querystring' ? 'query' : (context ?? 'request');
}

export function describeZodError(
  lang: TLanguage,
  error: z.ZodError,
  context: ValidationContext | undefined,
): FieldError[] {
  return error.issues.map((issue) => {
    const field = fieldName(context, issue.path);
    return { field, message: describeIssue(lang, field, issue) };
  });
}

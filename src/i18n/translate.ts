/**
 * Messages that arrive in English (the machine's form rules of spec §5, the
 * client's errors of spec §8, what Cognito answers) shown in the customer's
 * language. The English catalogue keeps each one, word for word, under
 * `rule.*`, `client.*` or `cognito.<ExceptionName>[.variant]`: a message that
 * arrives is recognised by those words, and shown as its key says it in the
 * customer's language (English included, so one path shows every message).
 * `{name}` in such a message matches any text, itself looked up in turn.
 *
 * A message not recognised is shown with the words for its exception
 * (`exception.<Name>`, or `cognito.<Name>`/`client.<Name>`) in a language
 * other than English, and as it came in English, whose service words are more
 * precise than a name's.
 */
import { ENGLISH_SIGN_IN, i18n, translate, type AppLocale, type MessageKey, type Values } from './catalogue.ts';

/**
 * The pool's own words this app says differently, in every language English
 * included: the login is the customer's e-mail, so "username" would send them
 * looking for a field that is not there. Spec texts are never reworded.
 */
const REWORDED: ReadonlyArray<readonly [arrives: string, key: MessageKey]> = [
  ['Incorrect username or password.', 'cognito.NotAuthorizedException.incorrectCredentials'],
];

const ARRIVING = /^(?:rule|client|cognito)\./;

interface Pattern {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, MessageKey>(REWORDED);
const patterns: Pattern[] = [];
for (const [key, message] of Object.entries(ENGLISH_SIGN_IN)) {
  if (!ARRIVING.test(key) || REWORDED.some(([, reworded]) => reworded === key)) continue;
  const tokens = typeof message === 'string' ? [message] : message;
  if (tokens.every((token) => typeof token === 'string')) {
    exact.set(tokens.join(''), key as MessageKey);
    continue;
  }
  const names: string[] = [];
  const source = tokens
    .map((token) => (typeof token === 'string' ? escapeRegExp(token) : (names.push(String(token[0])), '(.+?)')))
    .join('');
  patterns.push({ key: key as MessageKey, pattern: new RegExp(`^${source}$`), names });
}

/** The keys whose words stand for an exception by its name alone. */
const byName = (name: string) => [`exception.${name}`, `cognito.${name}`, `client.${name}`];

/** A message that arrived in English, as the customer reads it. */
export function translateMessage(locale: AppLocale, message: string, name?: string): string {
  const known = exact.get(message);
  if (known) return translate(locale, known);
  for (const { key, pattern, names } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Values = {};
    names.forEach((placeholder, index) => {
      values[placeholder] = translateMessage(locale, match[index + 1]!);
    });
    return translate(locale, key, values);
  }
  if (name && locale !== 'en') {
    translate(locale, 'tabSignIn'); // activates the locale, so the lookup below reads its messages
    const key = byName(name).find((candidate) => i18n.messages[candidate] !== undefined);
    if (key) return translate(locale, key as MessageKey);
  }
  return message;
}

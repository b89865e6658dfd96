/**
 * Messages that arrive in English (the machine's form rules of spec §5, the
 * client's errors of spec §8, what Cognito answers) shown in the customer's
 * language. The English catalogue keeps each one, word for word, under
 * `rule.*`, `client.*` or `cognito.<ExceptionName>[.variant]`: a message that
 * arrives is recognised by those words, and shown as its key says it in the
 * customer's language. `{name}` in such a message matches any text, itself
 * looked up in turn. English shows it as it came (those words are its own), so
 * an English visitor never fetches them (parts.ts), except where this app words
 * the pool's answer differently (REWORDED, below).
 *
 * A message not recognised is shown with the words for its exception
 * (`exception.<Name>`, or `cognito.<Name>`/`client.<Name>`) in a language
 * other than English, and as it came in English, whose service words are more
 * precise than a name's.
 */
import { arrivingInEnglish, i18n, translate, type AppLocale, type MessageKey, type Values } from './catalogue.ts';

/**
 * The pool's own words this app says differently, in every language English
 * included: the login is the customer's e-mail, so "username" would send them
 * looking for a field that is not there. Spec texts are never reworded.
 */
const REWORDED: ReadonlyMap<string, MessageKey> = new Map([
  ['Incorrect username or password.', 'cognito.NotAuthorizedException.incorrectCredentials'],
]);

interface Pattern {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

interface Recognition {
  exact: Map<string, MessageKey>;
  patterns: Pattern[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tables a message is recognised by, from English's words for the messages that arrive in English. */
function recognitionOf(english: Readonly<Record<string, unknown>>): Recognition {
  const exact = new Map<string, MessageKey>();
  const patterns: Pattern[] = [];
  const reworded = new Set(REWORDED.values());
  for (const [key, message] of Object.entries(english)) {
    if (reworded.has(key as MessageKey)) continue;
    const tokens = (typeof message === 'string' ? [message] : message) as (string | readonly unknown[])[];
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
  return { exact, patterns };
}

let recognition: { from: Readonly<Record<string, unknown>>; tables: Recognition } | undefined;

/** The recognition tables, once English's words for them have arrived (with any other language's first words). */
function tables(): Recognition | undefined {
  const english = arrivingInEnglish();
  if (!english) return undefined;
  if (recognition?.from !== english) recognition = { from: english, tables: recognitionOf(english) };
  return recognition.tables;
}

/** The keys whose words stand for an exception by its name alone. */
const byName = (name: string) => [`exception.${name}`, `cognito.${name}`, `client.${name}`];

/** A message that arrived in English, as the customer reads it. */
export function translateMessage(locale: AppLocale, message: string, name?: string): string {
  const reworded = REWORDED.get(message);
  if (reworded) return translate(locale, reworded);
  // English shows the rest as it came: its own words for them are those very words.
  const known = locale === 'en' ? undefined : tables();
  if (!known) return message;
  const exact = known.exact.get(message);
  if (exact) return translate(locale, exact);
  for (const { key, pattern, names } of known.patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Values = {};
    names.forEach((placeholder, index) => {
      values[placeholder] = translateMessage(locale, match[index + 1]!);
    });
    return translate(locale, key, values);
  }
  if (name) {
    translate(locale, 'tabSignIn'); // activates the locale, so the lookup below reads its messages
    const key = byName(name).find((candidate) => i18n.messages[candidate] !== undefined);
    if (key) return translate(locale, key as MessageKey);
  }
  return message;
}

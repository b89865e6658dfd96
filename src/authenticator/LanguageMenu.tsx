/**
 * The card's language switch: a menu button in the WAI-ARIA sense, small
 * enough to ship with the sign-in form (Mantine's Menu with its floating
 * positioning cost about 27 KB of gzipped JS on that path). Each language is
 * named in itself and marked with its own lang, so a screen reader says it
 * right.
 *
 * Keys, as customers know them from other menus: Enter, Space or ArrowDown on
 * the button opens the list with the focus on the list itself; the arrows,
 * Home and End move between the languages, and typing a language's first
 * letters goes to it (thirty-one of them); Enter or Space chooses; Escape
 * closes and gives the focus back to the button; Tab, or a press outside,
 * closes it.
 */
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, localeName, useTranslation, type Language } from '../i18n/index.ts';
import { LanguageButton } from './LanguageButton.tsx';
import classes from './LanguageMenu.module.css';

export function LanguageMenu({ disabled }: { disabled: boolean }) {
  const { t, language, setLanguage } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const items = () => Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  // Open: the list takes the focus; a press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  // A pending request disables the button; an open list goes with it.
  if (disabled && open) setOpen(false);

  const choose = (next: Language) => {
    // A language whose words cannot arrive (offline, never fetched) leaves the card as it is.
    setLanguage(next).catch(() => undefined);
    close(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };

  const typed = useRef({ text: '', at: 0 });

  /** Type-ahead: the letters typed within a second name the language to go to, from the one after the current. */
  const goToTyped = (key: string, now: number, all: HTMLButtonElement[], at: number) => {
    typed.current = { text: now - typed.current.at < 1000 ? typed.current.text + key : key, at: now };
    const wanted = typed.current.text.toLocaleLowerCase();
    // A first letter looks past the current language (typing it again cycles); more letters refine from it.
    const from = wanted.length === 1 ? at + 1 : Math.max(at, 0);
    [...all.slice(from), ...all.slice(0, from)]
      .find((item) => (item.textContent ?? '').trim().toLocaleLowerCase().startsWith(wanted))
      ?.focus();
  };

  const onListKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      goToTyped(event.key, event.timeStamp, all, at);
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(-1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div ref={root} className={classes.root}>
      <LanguageButton
        ref={button}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKey}
      />
      {open && (
        <div ref={list} id={menuId} role="menu" tabIndex={-1} aria-label={t('language')} className={classes.menu} onKeyDown={onListKey}>
          {LANGUAGES.map((option) => (
            <button
              key={option}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={option}
              className={classes.item}
              onClick={() => choose(option)}
            >
              <IconCheck size={14} aria-hidden className={classes.check} data-current={option === language} />
              {localeName(option)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

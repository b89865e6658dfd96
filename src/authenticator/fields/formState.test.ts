import { describe, expect, it } from 'vitest';
import { checkAll, checkField, hasErrors, isDirty, startForm, withError, withValue, type FormRules } from './formState.ts';

/** An e-mail that must hold an @ and a password that must not be empty, as a screen's rules would say. */
const rules: FormRules = (values) => ({
  email: values.email?.includes('@') ? null : 'Enter a valid email',
  password: values.password ? undefined : 'Password is required',
});

describe('a screen form', () => {
  it('starts with its values, no message and nothing dirty', () => {
    const form = startForm({ email: 'ana@example.com', password: '' });
    expect(form.values).toEqual({ email: 'ana@example.com', password: '' });
    expect(form.errors).toEqual({});
    expect(hasErrors(form)).toBe(false);
    expect(isDirty(form, 'email')).toBe(false);
  });

  it('is dirty in a field only while it holds something other than its start', () => {
    const typed = withValue(startForm({ email: '' }), 'email', 'a');
    expect(isDirty(typed, 'email')).toBe(true);
    expect(isDirty(typed, 'password')).toBe(false);
    expect(isDirty(withValue(typed, 'email', ''), 'email')).toBe(false);
  });

  it('checks one field at a time, leaving the others as they were', () => {
    const form = checkField(startForm({ email: 'ana', password: '' }), rules, 'email');
    expect(form.errors).toEqual({ email: 'Enter a valid email' });
    const fixed = checkField(withValue(form, 'email', 'ana@example.com'), rules, 'email');
    expect(fixed.errors).toEqual({});
  });

  it("clears a field's message as it is typed into, and only that one", () => {
    const checked = checkAll(startForm({ email: 'ana', password: '' }), rules);
    expect(checked.errors).toEqual({ email: 'Enter a valid email', password: 'Password is required' });
    const typing = withValue(checked, 'password', 's');
    expect(typing.errors).toEqual({ email: 'Enter a valid email' });
    expect(typing.values).toEqual({ email: 'ana', password: 's' });
  });

  it('on a full check, keeps exactly the messages the rules give now', () => {
    const form = withError(startForm({ email: 'ana@example.com', password: 'x' }), 'confirm_password', 'Your passwords must match');
    expect(hasErrors(form)).toBe(true);
    expect(checkAll(form, rules).errors).toEqual({});
    expect(withError(form, 'confirm_password', undefined).errors).toEqual({});
  });

  it('gives back the very state it was given when a check changes no message, so the screen is not drawn again', () => {
    const valid = startForm({ email: 'ana@example.com', password: 'x' });
    expect(checkAll(valid, rules)).toBe(valid);
    expect(checkField(valid, rules, 'email')).toBe(valid);
    expect(withError(valid, 'email', undefined)).toBe(valid);
    const wrong = checkAll(startForm({ email: 'ana', password: '' }), rules);
    expect(checkAll(wrong, rules)).toBe(wrong);
    expect(checkField(wrong, rules, 'password')).toBe(wrong);
    expect(withError(wrong, 'email', 'Enter a valid email')).toBe(wrong);
    // A message that changes, comes or goes is a new state.
    expect(withError(wrong, 'email', 'Another message')).not.toBe(wrong);
    expect(checkField(withValue(wrong, 'email', 'ana@example.com'), rules, 'email').errors).toEqual({ password: 'Password is required' });
    expect(checkAll(valid, () => ({ email: 'Enter a valid email' }))).not.toBe(valid);
  });

  it('leaves the state it was given as it was', () => {
    const start = startForm({ email: '' });
    withValue(start, 'email', 'ana@example.com');
    checkAll(start, rules);
    expect(start).toEqual({ initial: { email: '' }, values: { email: '' }, errors: {} });
  });
});

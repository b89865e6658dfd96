import { describe, expect, it } from 'vitest';
import { htmlWithoutMarkup, installDefaultPolicy, sameOriginScriptUrl } from './trustedTypes.ts';

describe('the Trusted Types default policy', () => {
  it('passes text that can make no element, and refuses markup', () => {
    const css = ':root, :host{--mantine-font-family: Inter, "Segoe UI";} @media (max-width: 35.99375em) {.a {display: none !important;}}';
    expect(htmlWithoutMarkup(css)).toBe(css);
    expect(htmlWithoutMarkup('&lt;script&gt; stays text')).toBe('&lt;script&gt; stays text');
    for (const markup of ['<img src=x onerror=alert(1)>', 'a<b>c', '<!-- x -->', '<svg/onload=alert(1)>', '</style><script>x</script>']) {
      expect(htmlWithoutMarkup(markup), markup).toBeNull();
    }
  });

  it('passes script URLs of this origin only', () => {
    const origin = 'https://app.example.com';
    expect(sameOriginScriptUrl('/sw.js', origin)).toBe('/sw.js');
    expect(sameOriginScriptUrl('https://app.example.com/assets/x.js', origin)).toBe('https://app.example.com/assets/x.js');
    for (const url of [
      'https://evil.example/sw.js',
      '//evil.example/x.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      'http://[bad',
    ]) {
      expect(sameOriginScriptUrl(url, origin), url).toBeNull();
    }
  });

  it('is created once, as the default policy, and never lets script text through', () => {
    const created: { name: string; options: { createScript(input: string): string | null } }[] = [];
    const factory = {
      defaultPolicy: undefined as unknown,
      createPolicy(name: 'default', options: { createScript(input: string): string | null }) {
        created.push({ name, options });
        this.defaultPolicy = options;
        return options;
      },
    };
    const scope = { trustedTypes: factory, location: { origin: 'https://app.example.com' } };
    installDefaultPolicy(scope);
    installDefaultPolicy(scope);
    expect(created.map((policy) => policy.name)).toEqual(['default']);
    expect(created[0]!.options.createScript('alert(1)')).toBeNull();
    expect(() => installDefaultPolicy({})).not.toThrow();
  });
});

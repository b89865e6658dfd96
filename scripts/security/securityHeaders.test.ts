import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { headersFile } from '../vite/headersFile.ts';
import { buildTimeHeaderConfig } from '../vite/servers.ts';
import {
  cacheControl,
  connectSources,
  contentSecurityPolicy,
  inlineScriptHashes,
  pageFactsOf,
  securityHeaders,
  styleAttributeHashes,
} from './securityHeaders.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('the Content-Security-Policy', () => {
  it('allows scripts from this origin, none inline unless the page names it by its hash, and never unsafe-inline or eval', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    const withScripts = contentSecurityPolicy({ region: 'eu-west-1' }, pageFactsOf('<script>(function(){})();</script>'));
    expect(withScripts).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('requires Trusted Types for scripts, through the one default policy the app creates', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1' });
    expect(directive(policy, 'require-trusted-types-for')).toBe("require-trusted-types-for 'script'");
    expect(directive(policy, 'trusted-types')).toBe('trusted-types default');
  });

  it('forbids framing, plugins and a foreign base URL', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1' });
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
  });

  it('connects to the regional user pool, and to the identity pool only when one is configured', () => {
    expect(connectSources({ region: 'eu-west-1' })).toEqual(["'self'", 'https://cognito-idp.eu-west-1.amazonaws.com']);
    expect(connectSources({ region: 'us-east-2', identityPoolId: 'us-east-2:abc' })).toEqual([
      "'self'",
      'https://cognito-idp.us-east-2.amazonaws.com',
      'https://cognito-identity.us-east-2.amazonaws.com',
    ]);
  });

  it('connects to the endpoint override instead of AWS (the local test pool serves both pools)', () => {
    expect(connectSources({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9229', identityPoolId: 'eu-west-1:x' })).toEqual([
      "'self'",
      'http://127.0.0.1:9229',
    ]);
  });

  it('adds the GraphQL API by its origin', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1', graphql: { endpoint: 'https://api.example.com/graphql?x=1' } });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://api.example.com");
  });

  it('refuses an endpoint that is not an http(s) URL rather than widen the policy', () => {
    expect(() => connectSources({ region: 'eu-west-1', endpoint: 'javascript:alert(1)' })).toThrow(/must be an absolute https URL/);
    expect(() => connectSources({ region: 'eu-west-1', graphql: { endpoint: 'not a url' } })).toThrow();
  });

  it('names the China regions by their own domain', () => {
    expect(connectSources({ region: 'cn-north-1', identityPoolId: 'cn-north-1:abc' })).toEqual([
      "'self'",
      'https://cognito-idp.cn-north-1.amazonaws.com.cn',
      'https://cognito-identity.cn-north-1.amazonaws.com.cn',
    ]);
  });

  it('lets no crafted region or endpoint add a source or a directive', () => {
    const crafted = [
      { region: 'eu-west-1 https://evil.example' },
      { region: 'x; frame-ancestors *' },
      { region: 'eu-west-1.evil.example/x' },
      { region: 'eu-west-1', endpoint: 'https://a.example;frame-ancestors *' },
      { region: 'eu-west-1', endpoint: 'https://*.example' },
      { region: 'eu-west-1', endpoint: 'http://evil.example' },
      { region: 'eu-west-1', graphql: { endpoint: 'https://api.example,evil.example' } },
      { region: 'eu-west-1', graphql: { endpoint: "https://'unsafe-inline'" } },
    ];
    for (const config of crafted) expect(() => contentSecurityPolicy(config), JSON.stringify(config)).toThrow(/region|endpoint/);
  });

  it("connects to the hosted UI's domain when federated sign-in is configured (the code is exchanged there)", () => {
    expect(connectSources({ region: 'eu-west-1', oauth: { domain: 'customer-area.auth.eu-west-1.amazoncognito.com' } })).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://customer-area.auth.eu-west-1.amazoncognito.com',
    ]);
    expect(connectSources({ region: 'eu-west-1', oauth: { domain: 'https://auth.example.com/' } })).toContain('https://auth.example.com');
    // The test pool serves its hosted UI on its own address: one source.
    expect(connectSources({ region: 'eu-west-1', endpoint: 'http://localhost:9229', oauth: { domain: 'http://localhost:9229' } })).toEqual([
      "'self'",
      'http://localhost:9229',
    ]);
  });

  it('lets no crafted hosted-UI domain add a source or a directive', () => {
    for (const domain of [
      'auth.example.com; frame-ancestors *',
      'auth.example.com https://evil.example',
      '*.example.com',
      'http://auth.example.com',
    ]) {
      expect(() => contentSecurityPolicy({ region: 'eu-west-1', oauth: { domain } }), domain).toThrow(/oauth domain/);
    }
  });

  it('allows http only to this machine (the test pool)', () => {
    expect(connectSources({ region: 'eu-west-1', endpoint: 'http://localhost:9229' })).toEqual(["'self'", 'http://localhost:9229']);
    expect(() => connectSources({ region: 'eu-west-1', endpoint: 'http://10.0.0.5:9229' })).toThrow(/must be an absolute https URL/);
  });
});

describe('the headers file', () => {
  it('is the headers for every path, the immutable assets and the demo data', () => {
    const file = headersFile({ region: 'eu-west-1' });
    expect(file).toContain('\n/*\n  Content-Security-Policy: default-src');
    expect(file).toContain('\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });

  it('gains no line from a crafted configuration', () => {
    for (const config of [
      { region: 'eu-west-1\n/*\n  Access-Control-Allow-Origin: *' },
      { region: 'eu-west-1', endpoint: 'https://a.example/\n/*\n  Access-Control-Allow-Origin: *' },
      { region: 'eu-west-1', graphql: { endpoint: 'https://a.example/\r\n  X-Injected: yes' } },
    ]) {
      expect(() => headersFile(config), JSON.stringify(config)).toThrow(/region|endpoint/);
    }
  });

  it('reads a config.json and the VITE_* values as the app does, and checks both', () => {
    expect(buildTimeHeaderConfig({ VITE_AWS_REGION: 'us-east-2' }, { region: '' })).toEqual({
      region: 'us-east-2',
      endpoint: undefined,
      identityPoolId: undefined,
      graphql: undefined,
    });
    expect(() => headersFile(buildTimeHeaderConfig({}, { region: 'eu-west-1 *' }))).toThrow('The region must be an AWS region name');
    expect(() => headersFile(buildTimeHeaderConfig({ VITE_COGNITO_ENDPOINT: 'https://a.example;x' }))).toThrow(/endpoint/);
    const federated = buildTimeHeaderConfig({}, { oauth: { domain: 'customer-area.auth.eu-west-1.amazoncognito.com' } });
    expect(headersFile(federated)).toMatch(/connect-src [^;]*https:\/\/customer-area\.auth\.eu-west-1\.amazoncognito\.com/);
  });
});

describe('styles in the policy', () => {
  const card =
    '<div style="--stack-gap:var(--mantine-spacing-md)" class="a"><h1 style="text-align:center;font-family:&quot;Inter&quot;, sans-serif">Hi</h1><p style="--x:1">x</p><p style="--x:1">y</p></div>';

  it("hashes the style attributes of the built page's markup, as a browser reads them (entities decoded)", () => {
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(styleAttributeHashes(card)).toEqual([
      sha256('--stack-gap:var(--mantine-spacing-md)'),
      sha256('text-align:center;font-family:"Inter", sans-serif'),
      sha256('--x:1'),
    ]);
  });

  it('allows <style> elements inline (Mantine writes them at run time), and style attributes only with the hashes of its own markup', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1' }, { scriptHashes: [], styleAttributeHashes: styleAttributeHashes(card) });
    expect(directive(policy, 'style-src-elem')).toBe("style-src-elem 'self' 'unsafe-inline'");
    expect(directive(policy, 'style-src-attr')).toBe(`style-src-attr 'unsafe-hashes' ${styleAttributeHashes(card).join(' ')}`);
    // Browsers without the two directives above fall back to this one.
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
  });

  it('allows no style attribute at all when the page has none', () => {
    expect(directive(contentSecurityPolicy({ region: 'eu-west-1' }), 'style-src-attr')).toBe("style-src-attr 'none'");
  });
});

describe('scripts in the policy', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const page = [
    '<head><script>(function(a){a.b=1})(window);</script>',
    '<script src="/assets/index-1.js" type="module"></script>',
    '<script>\n(function(){})();\n</script>',
    '<script>(function(a){a.b=1})(window);</script></head>',
  ].join('');

  it("hashes the page's inline scripts exactly as they stand between their tags, each once, and no script that is a file", () => {
    expect(inlineScriptHashes(page)).toEqual([sha256('(function(a){a.b=1})(window);'), sha256('\n(function(){})();\n')]);
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>')).toEqual([]);
  });

  it('allows scripts from this origin, and inline only those of the built page', () => {
    const policy = contentSecurityPolicy({ region: 'eu-west-1' }, pageFactsOf(page));
    expect(directive(policy, 'script-src')).toBe(`script-src 'self' ${inlineScriptHashes(page).join(' ')}`);
    expect(directive(contentSecurityPolicy({ region: 'eu-west-1' }), 'script-src')).toBe("script-src 'self'");
  });
});

describe('the other headers', () => {
  it('keep other sites from holding a reference to the window (COOP), and ask for https for a year (HSTS)', () => {
    const headers = securityHeaders({ region: 'eu-west-1' });
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000');
  });

  it('keep the referrer to the origin across sites', () => {
    expect(securityHeaders({ region: 'eu-west-1' })['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(securityHeaders({ region: 'eu-west-1' })['X-Content-Type-Options']).toBe('nosniff');
  });

  it('cache hashed build files for ever and check everything else on every use', () => {
    expect(cacheControl('/assets/index-BEb36ABP.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/assets/chunk-6KYCQHYJ-BzEqc91p.js')).toBe('public, max-age=31536000, immutable');
    for (const path of [
      '/',
      '/index.html',
      '/sw.js',
      '/config.json',
      '/favicon.svg',
      '/assets/demo/data/products.json',
      '/assets/demo/images/a-12345678.png',
    ]) {
      expect(cacheControl(path), path).toBe('no-cache');
    }
  });
});

/**
 * Goes through the test identity provider's pages with plain HTTP, as a browser would (cookies,
 * redirects, the login form), for API tests; browser tests use the real pages.
 */
export class IdpBrowser {
  private cookies = new Map<string, string>();

  private remember(r: Response) {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(pair!.slice(0, i));
      else this.cookies.set(pair!.slice(0, i), value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const r = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    this.remember(r);
    return r;
  }

  /** Follows redirects on the identity provider until one leaves it (to `stopAt`); returns that address. */
  async follow(url: string, stopAt: string, init: RequestInit = {}): Promise<{ url: string; page?: string }> {
    let next = url;
    let r = await this.request(next, init);
    for (let i = 0; i < 10; i++) {
      const location = r.headers.get('location');
      if (!location) return { url: next, page: await r.text() };
      next = new URL(location, next).href;
      if (next.startsWith(stopAt)) return { url: next };
      r = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  /**
   * Signs in on the provider's login page (any password) from the authorisation address; returns the
   * callback address the provider sends the browser back to.
   */
  async signIn(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
    const first = await this.follow(authorizationUrl, callbackPrefix);
    if (!first.page) return first.url; // Already signed in there.
    const action = first.page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no login form:\n${first.page.slice(0, 500)}`);
    const done = await this.follow(new URL(action.replace(/&amp;/g, '&'), first.url).href, callbackPrefix, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    if (done.page) throw new Error(`the provider did not send the browser back:\n${done.page.slice(0, 500)}`);
    return done.url;
  }

  /** Opens an end-session address and confirms, as the test provider's page does by script. */
  async endSession(url: string): Promise<void> {
    const r = await this.follow(url, 'no-such-prefix:');
    const page = r.page ?? '';
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const xsrf = page.match(/name="xsrf" value="([^"]+)"/)?.[1];
    if (!action || !xsrf) throw new Error(`no logout form:\n${page.slice(0, 500)}`);
    await this.follow(new URL(action, r.url).href, 'no-such-prefix:', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
  }
}

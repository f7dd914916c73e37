/** Signs in over real HTTP (CSRF cookie, then /login) and returns the session cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  return `enamel_session=${/enamel_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!}`;
}

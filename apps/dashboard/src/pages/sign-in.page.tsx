/**
 * Sign-in: an API key (checked with one authenticated call before it is kept), or the gateway's
 * loopback anonymous mode when it allows it. The key stays in this tab's sessionStorage only.
 */
import { useState } from 'preact/hooks';
import { get } from '../api/client';
import { clearSession, saveSession, type Session } from '../api/session';
import { ErrorNote } from '../components/status';
import { useAction } from '../use-action';

export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const { busy, error, run } = useAction();

  const signIn = (session: Session) =>
    run(async () => {
      saveSession(session);
      try {
        await get('/v1/stats');
        onSignedIn();
      } catch (failure) {
        clearSession();
        throw failure;
      }
    });

  return (
    <main id="main" class="sign-in">
      <h1>kioku dashboard</h1>
      <p>Sign in with an API key. It is kept for this browser tab only and sees only its namespace.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void signIn({ kind: 'key', token: token.trim() });
        }}
      >
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
          required
        />
        <button type="submit" disabled={busy || token.trim() === ''}>
          Sign in
        </button>
      </form>
      <p>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => void signIn({ kind: 'anonymous' })}
        >
          Continue without a key
        </button>{' '}
        <span class="muted">(only when the gateway allows anonymous access on loopback)</span>
      </p>
      <ErrorNote error={error} />
    </main>
  );
}

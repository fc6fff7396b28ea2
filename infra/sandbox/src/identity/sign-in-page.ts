import escapeHtml from 'escape-html';
import type { TestGoogleAccount } from './test-accounts.js';

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; background: #f0f4f9; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 24px; padding: 36px; width: min(420px, 92vw); box-sizing: border-box; }
  h1 { font-size: 24px; font-weight: 400; margin: 0 0 4px; }
  p { color: #444; margin: 0 0 20px; }
  .account { display: flex; width: 100%; text-align: left; gap: 12px; align-items: center; padding: 12px; border: 0; border-bottom: 1px solid #e3e3e3; background: none; cursor: pointer; font: inherit; }
  .account:hover, .account:focus { background: #f5f8fd; }
  .avatar { width: 32px; height: 32px; border-radius: 50%; background: #1a73e8; color: #fff; display: grid; place-items: center; }
  small { color: #5f6368; display: block; }
  fieldset { border: 0; padding: 16px 0 0; margin: 0; display: grid; gap: 8px; }
  input { padding: 10px; border: 1px solid #c4c7c5; border-radius: 8px; font: inherit; }
  .actions { display: flex; justify-content: space-between; margin-top: 16px; }
  .primary { background: #0b57d0; color: #fff; border: 0; border-radius: 20px; padding: 10px 20px; cursor: pointer; font: inherit; }
  .secondary { background: none; color: #0b57d0; border: 0; padding: 10px 0; cursor: pointer; font: inherit; }
`;

function accountButton(interactionUid: string, account: TestGoogleAccount): string {
  const note = account.emailVerified ? '' : ' · e-mail not verified';
  return `
    <form method="post" action="/oidc/interaction/${escapeHtml(interactionUid)}/login">
      <input type="hidden" name="accountId" value="${escapeHtml(account.accountId)}">
      <button class="account" type="submit">
        <span class="avatar" aria-hidden="true">${escapeHtml(account.name.charAt(0))}</span>
        <span>${escapeHtml(account.name)}<small>${escapeHtml(account.email)}${note}</small></span>
      </button>
    </form>`;
}

/** The sandbox's stand-in for Google's account chooser: pick a listed test account or make one up. */
export function renderAccountChooser(interactionUid: string, clientName: string, accounts: readonly TestGoogleAccount[]): string {
  const uid = escapeHtml(interactionUid);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Google Accounts (sandbox)</title><style>${PAGE_STYLE}</style></head>
<body><main>
  <h1>Choose an account</h1>
  <p>to continue to ${escapeHtml(clientName)} · local sandbox, no real Google account is used</p>
  ${accounts.map((account) => accountButton(interactionUid, account)).join('')}
  <form method="post" action="/oidc/interaction/${uid}/login">
    <fieldset>
      <legend>Use another test account</legend>
      <input name="name" placeholder="Full name" aria-label="Full name" required maxlength="100">
      <input name="email" type="email" placeholder="E-mail" aria-label="E-mail" required maxlength="254">
    </fieldset>
    <div class="actions">
      <button class="secondary" type="submit" formaction="/oidc/interaction/${uid}/abort" formnovalidate>Cancel</button>
      <button class="primary" type="submit">Continue</button>
    </div>
  </form>
</main></body></html>`;
}

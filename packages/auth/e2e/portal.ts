/**
 * Playwright helpers for the signed-in portals' end-to-end specs (apps/{patient,therapist,admin}/e2e): sign-in
 * steps, TOTP codes computed from the known secret (otpauth), and e-mail codes read from the server's
 * development mailbox.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { API_ROOT, DEMO_PASSWORD } from '../../../e2e/support/server.ts';

export const SIGN_IN_PATH = '/authentication/login';

export async function expectSignInPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/authentication\/login/);
}

/** Fills the e-mail and password and submits. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Types a code into the second step and submits it. */
export async function submitCode(page: Page, code: string) {
  await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
  await page.locator('input[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

/**
 * A TOTP code the server has not seen yet for this secret. Codes are single use per step, and the server
 * accepts the steps either side of now: successive sign-ins of one spec use increasing steps (previous, now,
 * next), waiting for the clock only when all three are used.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    const into = now - step * STEP_MS;
    const candidates = [
      ...(into < 20_000 ? [step - 1] : []),
      step,
      ...(into > 5_000 ? [step + 1] : []),
    ];
    const last = lastStep.get(secret) ?? Number.NEGATIVE_INFINITY;
    const chosen = candidates.find((s) => s > last);
    if (chosen !== undefined) {
      lastStep.set(secret, chosen);
      return totp.generate({ timestamp: chosen * STEP_MS + 1_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** A code that is certainly wrong for this secret now (none of the steps the server accepts). */
export function wrongTotpCode(secret: string): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const step = Math.floor(Date.now() / STEP_MS);
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totp.generate({ timestamp: (step + d) * STEP_MS + 1_000 })));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

interface Mail {
  to: string | string[];
  subject: string;
  text?: string;
  date: string;
}

/** The newest 6-digit code mailed to `email` after `since` (epoch ms), from GET /dev/mailbox. */
export async function readEmailCode(request: APIRequestContext, email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_ROOT}/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return undefined;
        const mails = ((await response.json()) as Mail[]).filter((m) => Date.parse(m.date) >= since - 2_000);
        const latest = mails.sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).at(-1);
        code = latest ? (/\b(\d{6})\b/.exec(`${latest.subject}\n${latest.text ?? ''}`)?.[1] ?? undefined) : undefined;
        return code;
      },
      { timeout: 15_000, message: `an e-mail code for ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Opens the account menu and signs out; ends on the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectSignInPage(page);
}

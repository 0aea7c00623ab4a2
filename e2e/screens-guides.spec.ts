import type { Page, Request } from '@playwright/test';
import { DEFAULT_VOICE_WIDGET_SRC } from '../lib/env/defaults';
import { PHONE } from './support/ports';
import { expect, test } from './screens-fixtures';

const SENT = 'Message sent successfully!';
const FAILED = 'Failed to send message. Please try again.';

test('the wallet guide walks through four illustrated steps', async ({ page }) => {
  await page.goto('/solenema-wallet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const steps = page.getByRole('main').getByRole('listitem');
  await expect(steps).toHaveCount(4);
  const titles = [/Install the Phantom extension/, /recovery phrase/, /Connect Phantom Wallet/, /Pay to Watch/];
  for (const [index, title] of titles.entries()) {
    const step = steps.nth(index);
    await expect(step.getByRole('heading', { level: 2 })).toHaveText(title);
    const illustration = step.getByRole('img');
    await expect(illustration).toHaveAttribute('alt', /.+/);
    await illustration.scrollIntoViewIfNeeded();
    await expect.poll(() => illustration.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
});

test('the AI agent page explains the agent and loads the voice widget with the agent id', async ({ page }) => {
  await page.route(DEFAULT_VOICE_WIDGET_SRC, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__voiceWidgetLoaded = true;' }));
  await page.goto('/ai-agent');
  await expect(page.getByRole('main')).toContainText('over 30 languages');
  await expect(page.getByRole('heading', { name: 'Why Solana and Phantom' })).toBeVisible();
  await expect(page.locator('elevenlabs-convai')).toHaveAttribute('agent-id', 'test-agent-id');
  await expect(page.locator(`script[src="${DEFAULT_VOICE_WIDGET_SRC}"]`)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as { __voiceWidgetLoaded?: boolean }).__voiceWidgetLoaded)).toBe(true);
  await expect(page.getByText('not configured')).toHaveCount(0);
});

async function fillContactForm(page: Page, email = 'ada@example.com') {
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Loved the aurora documentary.');
}

const fieldValues = (page: Page) => Promise.all(['Name', 'Email', 'Message'].map((label) => page.getByLabel(label).inputValue()));

test('contact: required fields and the email format are checked before anything is sent', async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('api.emailjs.com')) sent.push(request);
  });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Send Message' });
  for (const label of ['Name', 'Email', 'Message']) await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');

  await submit.click();
  expect(await page.getByLabel('Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await fillContactForm(page, 'not-an-email');
  await submit.click();
  expect(await page.getByLabel('Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  expect(sent).toHaveLength(0);
});

test.describe('contact on a phone', () => {
  test.use({ viewport: PHONE });

  test('sends the form through EmailJS, disables the button meanwhile, and resets after success or failure', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies: string[] = [];
    let answer = { status: 200, body: 'OK' };
    await page.route('**/api.emailjs.com/**', async (route) => {
      bodies.push(route.request().postData() ?? '');
      await held;
      await route.fulfill(answer);
    });
    await page.goto('/contact');
    const submit = page.getByRole('button', { name: 'Send Message' });

    await fillContactForm(page);
    await submit.click();
    await expect(page.getByRole('button', { name: /Sending/ })).toBeDisabled();
    release();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(SENT);
    expect(await fieldValues(page)).toEqual(['', '', '']);
    await expect(submit).toBeEnabled();
    const body = bodies[0] ?? '';
    for (const field of ['user_name', 'user_email', 'message', 'service_id', 'template_id', 'user_id']) expect(body).toContain(`name="${field}"`);
    expect(body).toContain('Ada Lovelace');
    expect(body).toContain('service_test');
    expect(body).toContain('template_test');
    expect(body).toContain('public_test');

    answer = { status: 400, body: 'The service ID is invalid' };
    await fillContactForm(page);
    await submit.click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(FAILED);
    expect(await fieldValues(page)).toEqual(['', '', '']);
  });
});

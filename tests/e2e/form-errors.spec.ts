/**
 * Issue 21, "Forms say what is wrong, where" (ADR 043): a refused form marks every bad field
 * (aria-invalid, a message tied with aria-describedby), focuses the first one and scrolls it into
 * view, and the quoted toast still shows. Every form, at a laptop's and a phone's width.
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { TIP_TEXTS } from '@common/schemas/tip';
import { SEEDED_TIP_TYPES } from '@common/lists/tip-types';
import { TEXTS } from '@common/texts';
import { USERNAME_TEXTS, UsernameSchema } from '@common/username';
import { createActiveMember, CSRF, E2E_ADMIN, expectToast, uniquePerson } from './fixtures';

const REQUIRED = 'This field is required';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

type Expected = [control: string, message: string];

/**
 * Every bad field carries aria-invalid and points at its message, no other control of the form
 * is marked, and the first one has the focus and is on screen. `control` is a CSS selector
 * (an `#id`), the first one also finds the form; the message is found through the control's
 * own aria-describedby.
 */
async function expectFieldErrors(page: Page, expected: Expected[]) {
  const scope = page.locator(`form:has(${expected[0]![0]})`);
  for (const [selector, message] of expected) {
    const control = scope.locator(selector);
    await expect(control, selector).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
    const ids = describedBy.split(' ').filter((id) => id.endsWith('-error'));
    expect(ids, `${selector} points at one message`).toHaveLength(1);
    await expect(page.locator(`[id="${ids[0]}"]`), selector).toHaveText(message);
  }
  await expect(scope.locator('[aria-invalid="true"]')).toHaveCount(expected.length);
  const first = scope.locator(expected[0]![0]);
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
}

async function submit(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`refused forms at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('invitation request: every bad field at once, the toast too', async ({ page }) => {
      await page.goto('/request-invitation');
      await page.locator('#fullName').fill('Ada Lovelace');
      await page.locator('#email').fill('not-an-email');
      await page.locator('#aboutYourself').fill('Too short.');
      // From the bottom: the first bad field (the e-mail) is scrolled back into view.
      await page.getByRole('button', { name: 'Submit Request' }).scrollIntoViewIfNeeded();
      await submit(page, 'Submit Request');
      await expectToast(page, 'Please enter a valid email address');
      await expectFieldErrors(page, [
        ['#email', 'Please enter a valid email address'],
        ['#country', 'Please choose your country from the list'],
        ['#howDidYouKnow', 'Please tell us how you heard about us'],
        ['#aboutYourself', TEXTS.aboutYourselfTooShort],
      ]);
      // Required fields are marked: a visible asterisk, and required on the control.
      await expect(page.locator('label[for="fullName"] + span')).toHaveText('*');
      await expect(page.locator('#fullName')).toHaveAttribute('required', '');
      await expect(page.locator('#country')).toHaveAttribute('aria-required', 'true');
    });

    test('invitation request: the server refusal of a used e-mail lands under the e-mail', async ({ page, request }) => {
      const person = uniquePerson('Twice');
      const about = 'I travel slowly through southern Europe and love trying every local bakery I can find.';
      const first = await request.post('/api/invitations', {
        headers: CSRF,
        data: { ...person, country: 'Portugal', howDidYouKnow: 'friend_family', aboutYourself: about },
      });
      expect(first.status()).toBe(201);
      await page.goto('/request-invitation');
      await page.locator('#fullName').fill(person.fullName);
      await page.locator('#email').fill(person.email);
      await choose(page, '#country', 'Portugal');
      await choose(page, '#howDidYouKnow', 'Friend or family');
      await page.locator('#aboutYourself').fill(about);
      await submit(page, 'Submit Request');
      await expectToast(page, TEXTS.invitationDuplicate);
      await expectFieldErrors(page, [['#email', TEXTS.invitationDuplicate]]);
    });

    test('sign-up: a bad e-mail and different passwords are both shown', async ({ page }) => {
      await page.goto('/signup');
      await page.locator('#fullName').fill('Ada Lovelace');
      await page.locator('#email').fill('ada@');
      await page.locator('#password').fill('secret-one');
      await page.locator('#confirmPassword').fill('secret-two');
      await submit(page, 'Create Account');
      await expectToast(page, TEXTS.passwordsDoNotMatch);
      await expectFieldErrors(page, [
        ['#email', 'Please enter a valid email address'],
        ['#confirmPassword', TEXTS.passwordsDoNotMatch],
      ]);
    });

    test('sign-in: both empty fields are marked, the e-mail focused', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
      await submit(page, 'Sign In');
      await expectFieldErrors(page, [
        ['#email', REQUIRED],
        ['#password', 'Password is required'],
      ]);
      await expect(page.locator('label[for="email"] + span')).toHaveText('*');
    });

    test.describe('member and admin forms', () => {
      test.describe.configure({ mode: 'default' });
      let admin: BrowserContext;
      let member: Awaited<ReturnType<typeof createActiveMember>>;

      test.beforeAll(async ({ browser }) => {
        test.setTimeout(120_000);
        admin = await browser.newContext({ viewport });
        expect((await admin.request.post('/api/auth/sign-in', { headers: CSRF, data: E2E_ADMIN })).status()).toBe(200);
        member = await createActiveMember(browser, admin.request, 'Former');
      });
      test.afterAll(async () => {
        await member?.context.close();
        await admin?.close();
      });

      const memberPage = async () => {
        const page = await member.context.newPage();
        await page.setViewportSize(viewport);
        return page;
      };

      test("Create Tip: every missing field and the maps link; currency is the member's own", async () => {
        const profile = await member.context.request.patch('/api/profiles/me', {
          headers: CSRF,
          data: { name: member.person.fullName, username: `former${Date.now().toString(36)}${viewport.width}`, currency: 'EUR' },
        });
        expect(profile.status(), await profile.text()).toBe(200);
        const page = await memberPage();
        await page.goto('/new-tip');
        // The currency starts at the preferred one from the profile, not USD.
        await expect(page.locator('#currency')).toHaveText('EUR');
        await page.locator('#title').fill('Sunrise at the temple');
        await page.locator('#googleMapsUrl').fill('https://example.com/not-a-map');
        await submit(page, 'Create Tip');
        await expectToast(page, TIP_TEXTS.missingInformation);
        await expectFieldErrors(page, [
          ['#country', REQUIRED],
          ['#city', REQUIRED],
          ['#googleMapsUrl', TIP_TEXTS.invalidUrl],
          ['#description', REQUIRED],
        ]);
        await expect(page.locator('#title')).toHaveAttribute('required', '');

        // The photo picker: too many photos are refused under it as well as in the toast.
        const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({
          name: `${n}.png`,
          mimeType: 'image/png',
          buffer: Buffer.from(n),
        }));
        await page.locator('#photos').setInputFiles(six);
        await expectToast(page, TIP_TEXTS.tooManyPhotos);
        await expect(page.locator('#photos')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('#photos')).toHaveAttribute('aria-describedby', 'photos-error');
        await expect(page.locator('#photos-error')).toHaveText(TIP_TEXTS.tooManyPhotos);
        await page.close();
      });

      test('Edit Tip: the emptied required fields', async () => {
        const tip = await member.context.request.post('/api/tips', {
          headers: CSRF,
          data: { title: 'Harbour walk', country: 'Portugal', city: 'Porto', description: 'At dusk.' },
        });
        expect(tip.status()).toBe(201);
        const { id } = (await tip.json()) as { id: string };
        const page = await memberPage();
        await page.goto(`/edit-tip/${id}`);
        await page.locator('#title').fill('');
        await page.locator('#city').fill('');
        await submit(page, 'Save Changes');
        await expectToast(page, TIP_TEXTS.missingInformation);
        await expectFieldErrors(page, [
          ['#title', REQUIRED],
          ['#city', REQUIRED],
        ]);
        await page.close();
      });

      test('Create Guide: the title, and a blank custom item says why', async () => {
        const page = await memberPage();
        await page.goto('/new-guide');
        await submit(page, 'Create Guide');
        await expectToast(page, GUIDE_TEXTS.missingTitle);
        await expectFieldErrors(page, [['#guide-title', GUIDE_TEXTS.missingTitle]]);
        await expect(page.locator('label[for="guide-title"] + span')).toHaveText('*');

        const custom = page.getByRole('textbox', { name: 'Custom item for day 1' });
        await custom.fill('   ');
        await custom.press('Enter');
        await expect(custom).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator(`[id="${await custom.getAttribute('aria-describedby')}"]`)).toHaveText(
          'A custom item needs a title',
        );
        await expect(custom).toBeFocused();
        await page.close();
      });

      test('Edit Guide: title and location, under the sticky bar', async () => {
        const guide = await member.context.request.post('/api/guides', {
          headers: CSRF,
          data: { title: 'Island days', location: 'Naxos', countries: ['Greece'], daysCount: 3 },
        });
        expect(guide.status(), await guide.text()).toBe(201);
        const { id } = (await guide.json()) as { id: string };
        const page = await memberPage();
        await page.goto(`/edit-guide/${id}`);
        await page.locator('#guide-title').fill('');
        await page.locator('#guide-location').fill('');
        await page.mouse.wheel(0, 3000);
        await submit(page, 'Save Changes');
        await expectToast(page, GUIDE_TEXTS.missingTitle);
        await expectFieldErrors(page, [
          ['#guide-title', GUIDE_TEXTS.missingTitle],
          ['#guide-location', GUIDE_TEXTS.missingLocation],
        ]);
        await page.close();
      });

      test('Edit Profile: every bad field, then a username the server refuses as taken', async () => {
        const adminMe = (await (await admin.request.get('/api/auth/me')).json()) as { username: string | null };
        const page = await memberPage();
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        await page.locator('#profile-name').fill(' ');
        await page.locator('#profile-username').fill(BAD_USERNAME);
        await page.locator('#profile-email').fill(`new.${member.person.email}`);
        await submit(page, 'Save Changes');
        await expectToast(page, 'Please enter your name');
        await expectFieldErrors(page, [
          ['#profile-name', 'Please enter your name'],
          ['#profile-username', BAD_USERNAME_MESSAGE],
          ['#profile-current-password', TEXTS.currentPasswordRequired],
        ]);

        // The server's 409 lands under the username.
        expect(adminMe.username).toBeTruthy();
        await page.locator('#profile-name').fill(member.person.fullName);
        await page.locator('#profile-email').fill(member.person.email);
        await page.locator('#profile-username').fill(adminMe.username!);
        await submit(page, 'Save Changes');
        await expectToast(page, USERNAME_TEXTS.taken);
        await expectFieldErrors(page, [['#profile-username', USERNAME_TEXTS.taken]]);
        await page.close();
      });

      test('Change Password: all three blank, then a wrong current password from the server', async () => {
        const page = await memberPage();
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Change Password' }).click();
        await submit(page, 'Update Password');
        await expectToast(page, TEXTS.fillAllPasswordFields);
        await expectFieldErrors(page, [
          ['#current-password', REQUIRED],
          ['#new-password', REQUIRED],
          ['#confirm-new-password', REQUIRED],
        ]);

        await page.locator('#current-password').fill('not-my-password');
        await page.locator('#new-password').fill('another-pass-1');
        await page.locator('#confirm-new-password').fill('another-pass-1');
        await submit(page, 'Update Password');
        await expectToast(page, TEXTS.currentPasswordWrong);
        await expectFieldErrors(page, [['#current-password', TEXTS.currentPasswordWrong]]);
        await page.close();
      });

      test('admin dialogs: blank fields are marked; a taken tip type name comes back under the name', async () => {
        const page = await admin.newPage();
        await page.goto('/admin');
        await page.getByRole('tab', { name: 'System Messages' }).click();
        await page.getByRole('button', { name: 'Add Message' }).click();
        const messageDialog = page.getByRole('dialog', { name: 'Create System Message' });
        // docs/product.md#forms-and-validation: save sends nothing; the blank fields now say why.
        await messageDialog.getByRole('button', { name: 'Save' }).click();
        await expectFieldErrors(page, [
          ['#system-message-title', REQUIRED],
          ['#system-message-content', REQUIRED],
        ]);
        await messageDialog.getByRole('button', { name: 'Cancel' }).click();

        await page.getByRole('tab', { name: 'Tip Types' }).click();
        await page.getByRole('button', { name: 'Add Tip Type' }).click();
        const typeDialog = page.getByRole('dialog', { name: 'Create Tip Type' });
        await typeDialog.getByRole('button', { name: 'Save' }).click();
        await expectFieldErrors(page, [['#tip-type-name', REQUIRED]]);
        await page.locator('#tip-type-name').fill(SEEDED_TIP_TYPES[0].name);
        await typeDialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, ADMIN_TEXTS.saveTipTypeFailed);
        await expectFieldErrors(page, [['#tip-type-name', ADMIN_TEXTS.tipTypeExists]]);
        // Typing a new name takes the message away.
        await page.locator('#tip-type-name').fill(`${SEEDED_TIP_TYPES[0].name} by night`);
        await expect(page.locator('#tip-type-name')).not.toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('#tip-type-name-error')).toHaveCount(0);
        await page.close();
      });
    });
  });
}

/** Radix Select by its trigger: open it and pick an option by its visible name. */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator(trigger)).toContainText(option);
}

/** The text of the username rule (common/username.ts) that 'a b' breaks. */
const BAD_USERNAME = 'a b';
const BAD_USERNAME_MESSAGE = UsernameSchema.safeParse(BAD_USERNAME).error?.issues[0]?.message ?? 'no message';

import { expect, test } from '@playwright/test';
import { personPage, signInThroughApi } from '../pages/login-page';
import { Shell } from '../pages/shell';
import { MAIN_SITE_URL } from '../playwright.config';

/**
 * SPEC 7: a main-site address holding /id/{digits}/ is that item's id, and every place that shows a
 * site item links to its page on the main website. Another site's address of the same shape stays
 * an address (issue 21, item 1).
 */
test('a required item given as a main-site address becomes the item by id and links to its page there, and staff open it in file management; another site’s address stays as given', async ({ page, browser }) => {
  const token = await signInThroughApi(page, 'creator@corner.test');
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const body = (await (await page.request.post('/graphql', { data: { query, variables }, headers: { authorization: `Bearer ${token}` } })).json()) as { data?: Record<string, any>; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const created = await gql('mutation { createNewItem(name: "Linked Lamp", description: "A lamp that needs two other downloads") { id } }', {});
  const id = created.createNewItem.id as number;
  const mainSite = MAIN_SITE_URL.replace(/\/$/, '');
  const saved = await gql(
    'mutation ($id: Int!, $input: SubmissionPropertiesInput!) { updateSubmissionProperties(id: $id, input: $input) { required_items { type download title } } }',
    {
      id,
      input: {
        required_items: [
          { type: 'url', download: `${mainSite.replace('://', '://www.')}/downloads/details/category/objects/title/brass-base/id/1234567/`, title: 'Brass lamp base' },
          { type: 'url', download: 'https://other-site.test/downloads/details/id/7654321/', title: 'Shade from elsewhere' },
        ],
      },
    },
  );
  expect(saved.updateSubmissionProperties.required_items).toEqual([
    { type: 'id', download: '1234567', title: 'Brass lamp base' },
    { type: 'url', download: 'https://other-site.test/downloads/details/id/7654321/', title: 'Shade from elsewhere' },
  ]);

  await page.goto(`/my-creations/edit/step-4/item/${id}`);
  const list = page.getByRole('list', { name: 'Required items' });
  await expect(list.getByRole('link', { name: 'Item #1234567 on the main site' })).toHaveAttribute('href', `${mainSite}/downloads/details/id/1234567/`);
  await expect(list.getByRole('link', { name: 'https://other-site.test/downloads/details/id/7654321/' })).toHaveAttribute('href', 'https://other-site.test/downloads/details/id/7654321/');
  await new Shell(page).screenshot('required-items-main-site');
  // The creator manages no files: no "Open in manager".
  await expect(list.getByRole('link', { name: /in file management/ })).toHaveCount(0);

  // Staff who may view and edit file management open the site item's files there (SPEC 2).
  const staff = await personPage(browser, 'admin@corner.test');
  await staff.goto(`/my-creations/edit/step-4/item/${id}`);
  const open = staff.getByRole('list', { name: 'Required items' }).getByRole('link', { name: 'Open the files of Brass lamp base in file management' });
  await expect(open).toHaveAttribute('href', '/staff/file-management?search=1234567');
  await open.click();
  await expect(staff).toHaveURL(/\/staff\/file-management\?search=1234567$/);
});

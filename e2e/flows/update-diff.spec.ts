import { expect, test } from '@playwright/test';
import { personPage } from '../pages/login-page';
import { ReviewPage } from '../pages/review-page';

const BED = 'Velvet Canopy Bed';

test('staff open an update waiting for review and see what changed against the approved version', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await personPage(browser, 'staff@corner.test');
  const review = new ReviewPage(staff);

  // The demo bed's update brings a second version of its package with three new swatches.
  await review.openQueue('updated', 'Updated');
  await review.openFromQueue('Updated', BED);
  const changes = review.section('What changed');
  await expect(changes).toBeVisible();
  await expect(changes.getByText('Compared with the version approved on')).toBeVisible();
  const file = changes.getByRole('article', { name: 'VelvetCanopyBed.package' });
  await expect(file.getByText('Replaced')).toBeVisible();

  // Until the inspection job has read the new version the section says so, then fills in (it asks again by itself).
  const objects = file.getByRole('list', { name: 'Objects added and removed in VelvetCanopyBed.package' });
  await expect(objects).toBeVisible({ timeout: 120_000 });
  for (const swatch of ['rose', 'sage', 'midnight']) await expect(objects.getByText(`${BED}, ${swatch} swatch`)).toBeVisible();
  await expect(file.getByText('+6 added')).toBeVisible();
  await expect(file.getByText('2 changed')).toBeVisible();

  // The resources, by key, open on demand: the fixed thumbnail and string table changed, six added.
  await file.getByRole('button', { name: 'Show the resources (8)' }).click();
  const resources = file.getByRole('table', { name: 'Resources changed in VelvetCanopyBed.package' });
  await expect(resources.getByRole('row')).toHaveCount(9);
  await expect(resources.getByRole('row').nth(1)).toContainText('String tables');
  await expect(resources.getByRole('img', { name: 'Changed' })).toHaveCount(2);
  await expect(resources.getByRole('img', { name: 'Added' })).toHaveCount(6);
  await review.screenshot('update-diff');
});

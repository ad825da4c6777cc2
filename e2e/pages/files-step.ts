import { expect, type Locator, type Page } from '@playwright/test';

/** Step 2 of the creation editor: uploads, the file list, versions, unpacking and the zip download. */
export class FilesStep {
  readonly table: Locator;
  readonly uploads: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Files of this creation' });
    this.uploads = page.getByRole('list', { name: 'File uploads' });
  }

  async upload(...files: string[]) {
    await this.page.getByLabel('Upload files').setInputFiles(files);
  }

  /** The progress bar of one upload. */
  progress(name: string): Locator {
    return this.uploads.getByRole('progressbar', { name: `Upload of ${name}` });
  }

  /** A file's own row (not the row of its unfolded versions): the one with its versions button. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.versionsButton(name) });
  }

  private versionsButton(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`\\d+ versions? of ${escape(name)}$`) });
  }

  /** Waits until a file is listed with its kind ("Sims 4 package", "Image", "Zip archive"). */
  async expectFile(name: string, kind: string) {
    await expect(this.row(name)).toBeVisible();
    await expect(this.row(name)).toContainText(kind);
  }

  async unpack(name: string) {
    await this.page.getByRole('button', { name: `Unpack ${name}` }).click();
  }

  async showVersions(name: string) {
    await this.table.locator(this.versionsButton(name)).click();
    return this.page.getByRole('list', { name: `Versions of ${name}` });
  }

  /** "Upload a new version" of a listed file, choosing `file` in the file dialog it opens. */
  async uploadNewVersion(name: string, file: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.table.getByRole('button', { name: `Upload a new version of ${name}` }).click();
    await (await chooser).setFiles(file);
  }

  downloadAllButton(): Locator {
    return this.page.getByRole('button', { name: 'Download all files (zip)' });
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

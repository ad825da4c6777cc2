/**
 * Rows of the old system's tables as both engines store them (snake_case, as the columns are
 * named): what the demo data, the MariaDB script's generator and the contract test write in bulk.
 * Reading goes through the LegacySource; only loading data uses these.
 */
export interface LegacyRows {
  members: { id: number; username: string; email: string | null }[];
  categories: { id: number; parent_id: number | null; name: string; position: number }[];
  items: {
    id: number;
    member_id: number;
    title: string;
    description: string;
    keywords: string;
    game: number;
    status: string;
    publish_date: Date | null;
    is_hidden: boolean;
    reports: number;
    uploads: number;
    created_at?: Date;
  }[];
  item_categories: { item_id: number; category_id: number }[];
  images: { item_id: number; position: number; filename: string }[];
  files: { item_id: number; filename: string; filesize: number; mimetype: string; version: number }[];
}

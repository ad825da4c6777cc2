/**
 * The values of the numeric options of SPEC section 3 (the spec gives only numbers). The web app
 * labels them (en.json, "options"); the server accepts only these.
 * feedback: 0 no comments, 1 everyone, 2 members only. recolour: 0 not allowed, 1 with credit,
 * 2 freely. sharing and social media: 0 off, 1 on. notification: 0 none, 1 each event, 2 daily summary.
 */
export const FEEDBACK_OPTIONS = [0, 1, 2] as const;
export const RECOLOR_OPTIONS = [0, 1, 2] as const;
export const SHARING_OPTIONS = [0, 1] as const;
export const SOCIAL_MEDIA_OPTIONS = [0, 1] as const;
export const NOTIFICATION_OPTIONS = [0, 1, 2] as const;

/** The game versions a creation can be for; 4 is current (SPEC section 9). */
export const GAME_VERSIONS = [4, 3, 2, 1] as const;

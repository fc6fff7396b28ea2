import type { FeatureImage } from './api-types.js';

/**
 * What the api writes into a page's shell for the app's first render, as JSON in a
 * `<script type="application/json">` of this id: the data the shell already painted with, so that the
 * app's first screen shows the same thing rather than an empty state until its own request returns.
 */
export const SHELL_DATA_ELEMENT_ID = 'shell-data';

export interface ShellData {
  /** The home page's carousel, in its order (the shell paints the first). */
  featureImages?: FeatureImage[];
}

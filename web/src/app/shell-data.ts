import { SHELL_DATA_ELEMENT_ID, type ShellData } from '@shop/contracts';

/** What the api wrote into this page's shell for the first render; nothing when it wrote none or it cannot be read. */
export function readShellData(page: Document): ShellData {
  const text = page.getElementById(SHELL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null ? (data as ShellData) : {};
  } catch {
    return {};
  }
}

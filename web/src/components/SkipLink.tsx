import { Button, theme } from 'antd';
import { useState } from 'react';

/** The id of each layout's main landmark, where the skip link lands. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key on every screen: it jumps over the header and the menus to the
 * page's own content (WCAG 2.4.1). It waits above the top edge until it has the focus.
 */
export function SkipLink() {
  const { token } = theme.useToken();
  const [isFocused, setFocused] = useState(false);
  return (
    <Button
      href={`#${MAIN_CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        // Moving the focus ourselves keeps the router's history free of a '#main-content' entry.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      style={{
        position: 'fixed',
        top: isFocused ? token.marginXS : -token.controlHeightLG * 2,
        insetInlineStart: token.marginXS,
        zIndex: token.zIndexPopupBase + 10,
      }}
    >
      Skip to main content
    </Button>
  );
}

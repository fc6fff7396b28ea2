import type * as antd from 'antd';

/** What antd exports under a name a screen imports: a component, or `message` and `notification`. */
export type AntdExport = keyof typeof antd;

/**
 * antd's styles come in stylesheets built at build time, one per group of screens, since the theme
 * has antd make none in the page (`zeroRuntime`, web/src/app/theme.ts). A group's stylesheet holds
 * the styles of the components it lists, less those the shop's already has: web/src/styles/antd/<group>.css,
 * written by the build (antd-stylesheets.tsx). The shop's is linked from every page's head; any
 * other is imported by the route modules that start the group, so that Vite loads it with their
 * chunk. antd-style-groups.spec.ts fails when a screen uses a component its group does not list.
 */
export const ANTD_STYLE_GROUPS = {
  /** The shop's frame and the pages the server draws, with their popups; also every screen no other group starts. */
  shop: [
    'Alert',
    'Avatar',
    'Badge',
    'Button',
    'Card',
    'Carousel',
    'Checkbox',
    'Col',
    'Collapse',
    'Divider',
    'Drawer',
    'Dropdown',
    'Empty',
    'Flex',
    'Input',
    'Layout',
    'Menu',
    'Modal',
    'Pagination',
    'Rate',
    'Result',
    'Row',
    'Skeleton',
    'Spin',
    'Tag',
    'Typography',
    'message',
  ],
  /** The checkout and the shopper's account. */
  checkout: ['Descriptions', 'Form', 'Popconfirm', 'Radio', 'Select', 'Switch', 'Table', 'Tabs', 'Timeline'],
  /** Signing in, registering and setting a password. */
  'sign-in': ['Form'],
  /** The admin's screens; Tooltip for Typography's ellipsis, notification for the notices App.useApp shows. */
  admin: [
    'App',
    'Descriptions',
    'Form',
    'InputNumber',
    'Popconfirm',
    'Progress',
    'Select',
    'Statistic',
    'Table',
    'Tabs',
    'Timeline',
    'Tooltip',
    'Upload',
    'notification',
  ],
} as const satisfies Record<string, readonly AntdExport[]>;

export type AntdStyleGroup = keyof typeof ANTD_STYLE_GROUPS;

/** A component with its styles in some group's stylesheet. */
export type StyledAntdExport = (typeof ANTD_STYLE_GROUPS)[AntdStyleGroup][number];

/** antd's exports that have no styles of their own: the theme, its provider, and the breakpoints' hook. */
export const UNSTYLED_ANTD_EXPORTS: readonly AntdExport[] = ['ConfigProvider', 'theme', 'Grid'];

/** Where the build writes a group's stylesheet, from web/. */
export const stylesheetPath = (group: AntdStyleGroup) => `src/styles/antd/${group}.css`;

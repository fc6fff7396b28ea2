import { theme, type ThemeConfig } from 'antd';

/** Toy Duka's look: a warm orange that still carries white button text at AA contrast, on a cream page. */
export const shopTheme: ThemeConfig = {
  token: {
    colorPrimary: '#d9480f',
    colorInfo: '#d9480f',
    colorLink: '#c2410c',
    colorSuccess: '#2f9e44',
    colorWarning: '#f59f00',
    colorError: '#e03131',
    colorBgLayout: '#fff8f1',
    borderRadius: 10,
    borderRadiusLG: 14,
    fontSize: 15,
    wireframe: false,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      bodyBg: '#fff8f1',
    },
    Menu: {
      itemBorderRadius: 8,
    },
    Button: {
      fontWeight: 600,
    },
  },
};

/** The auth screens' welcome panel: black with white text (spec §2). */
export const welcomePanelTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: { colorBgBase: '#000000', colorTextBase: '#ffffff', colorPrimary: '#ff8a4c' },
};

import { theme, Typography, type GetProps } from 'antd';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;

interface HeadingProps extends Omit<GetProps<typeof Typography.Title>, 'level'> {
  /** Its place in the page's outline, which may not skip a level (h1, then h2...). */
  level: HeadingLevel;
  /** The antd title size it shows at, when that differs from its level: a screen's h1 is rarely meant to be 38 px. */
  look?: HeadingLevel;
}

/** An antd title whose outline level and size are chosen apart, so that fixing the outline leaves the page's look alone. */
export function Heading({ level, look = level, style, ...props }: HeadingProps) {
  const { token } = theme.useToken();
  return (
    <Typography.Title
      level={level}
      {...props}
      style={{ fontSize: token[`fontSizeHeading${look}`], lineHeight: token[`lineHeightHeading${look}`], ...style }}
    />
  );
}

import { Box, Text, type TextProps } from '@mantine/core';
import { sanitizeHtmlForDom } from './sanitize.ts';

export interface SafeTextProps extends TextProps {
  /** Text from a person (a note, a message, a name): shown as text with its line breaks, never as HTML. */
  children: string | null | undefined;
  component?: 'p' | 'span' | 'div';
}

/**
 * The rule of thumb: user text is rendered as text. React escapes it; this keeps line breaks and wraps
 * long words so nothing a person typed can break the layout or become markup.
 */
export function SafeText({ children, component = 'p', ...props }: SafeTextProps) {
  return (
    <Text component={component} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {children ?? ''}
    </Text>
  );
}

export interface SafeHtmlProps {
  /** HTML that must stay HTML; sanitised before it is inserted. */
  html: string;
  component?: 'div' | 'span' | 'section';
  className?: string;
}

/** Sanitised HTML (DOMPurify). Never for text a person typed: use SafeText. */
export function SafeHtml({ html, component = 'div', className }: SafeHtmlProps) {
  return (
    <Box
      component={component}
      className={className}
      dangerouslySetInnerHTML={{ __html: sanitizeHtmlForDom(html) }}
    />
  );
}

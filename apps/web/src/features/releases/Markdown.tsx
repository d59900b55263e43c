import { Typography } from '@mantine/core';
import ReactMarkdown from 'react-markdown';

/**
 * Release notes written in Markdown (docs/releases.md §1), drawn as React elements: raw HTML in
 * the text is shown as text, never run, and links open outside the portal.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Typography fz="sm">
      <ReactMarkdown
        skipHtml
        components={{
          // A note's headings sit below the page's own (h1) and the release's (h2).
          h1: 'h3',
          h2: 'h4',
          h3: 'h5',
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </ReactMarkdown>
    </Typography>
  );
}

import { Text, Title } from '@mantine/core';

/**
 * The agreement's Markdown, shown without HTML: headings (#, ##, ###) and paragraphs, everything
 * else as text. Nothing in the text can run in the page, whoever wrote it.
 */
export function EulaText({ body }: { body: string }) {
  const blocks = body.split(/\n\s*\n/).filter((b) => b.trim());
  return (
    <>
      {blocks.map((block, i) => {
        const heading = /^(#{1,3})\s+(.*)$/.exec(block.trim());
        if (heading) {
          const level = Math.min(6, heading[1]!.length + 2) as 3 | 4 | 5;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text keep their order
            <Title key={i} order={level} mt="sm">
              {heading[2]}
            </Title>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text keep their order
          <Text key={i} style={{ whiteSpace: 'pre-wrap' }} mt="xs">
            {block.replace(/\*\*(.*?)\*\*/g, '$1')}
          </Text>
        );
      })}
    </>
  );
}

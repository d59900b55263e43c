import { legendTypes, MAX_WIDGETS_PER_DASHBOARD, widgetCatalogue } from '@kestrel/contract';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

const GROUPS = legendTypes.map((legend) => ({
  group: legend,
  items: widgetCatalogue
    .filter((w) => w.legend === legend)
    .map((w) => ({ value: String(w.id), label: w.name })),
}));

/** Adds a catalogue widget to the dashboard being edited; the gallery shows them with previews. */
export function AddWidgetPicker({ count, onAdd }: { count: number; onAdd: (widgetId: number) => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const full = count >= MAX_WIDGETS_PER_DASHBOARD;
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Add a widget"
        placeholder="Choose from the catalogue"
        data={GROUPS}
        value={choice}
        onChange={setChoice}
        searchable
        w={320}
        disabled={full}
        description={full ? `A dashboard holds at most ${MAX_WIDGETS_PER_DASHBOARD} widgets.` : undefined}
      />
      <Button
        variant="light"
        disabled={!choice || full}
        onClick={() => {
          onAdd(Number(choice));
          setChoice(null);
        }}
      >
        Add
      </Button>
      <Button variant="subtle" component={Link} to="/widget">
        Browse the catalogue with previews
      </Button>
    </Group>
  );
}

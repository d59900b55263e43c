import { Alert } from '@mantine/core';
import type { FormProblem } from './form-errors';
import { unshownFields } from './form-errors';

/** The part of a refusal that no field of the form shows, in words that say what to do. */
export function ProblemAlert({ problem, shown }: { problem: FormProblem | null; shown: readonly string[] }) {
  const text = problem?.general ?? unshownFields(problem, shown);
  if (!text) return null;
  return (
    <Alert color="red" title="Not saved" role="alert" data-testid="form-problem">
      {text}
    </Alert>
  );
}

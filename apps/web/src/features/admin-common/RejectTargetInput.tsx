import { REJECT_RATE_TARGET_BOUNDS, REJECT_RATE_TARGET_DEFAULT } from '@kestrel/contract';
import { NumberInput, type NumberInputProps } from '@mantine/core';

const { min, max } = REJECT_RATE_TARGET_BOUNDS;

/** A site's weekly reject-rate target (percent; empty: the default): the site form and the site view. */
export function RejectTargetInput(props: Omit<NumberInputProps, 'label' | 'min' | 'max'>) {
  return (
    <NumberInput
      label="Reject-rate target (%)"
      description={`An alert goes out when a week's reject rate is above it. ${min}–${max} %, one decimal; empty: ${REJECT_RATE_TARGET_DEFAULT} %`}
      placeholder={String(REJECT_RATE_TARGET_DEFAULT)}
      decimalScale={1}
      min={min}
      max={max}
      step={0.5}
      suffix=" %"
      {...props}
    />
  );
}

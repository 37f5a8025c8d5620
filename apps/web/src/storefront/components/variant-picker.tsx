import type { TStorefrontProductDetail } from '@linkstore/contract';
import { useStorefront } from '../storefront-context';
import { valueState } from '../variant-choice';

/**
 * One radio group per option ("Size", "Colour"): a screen reader hears "Size: M", the arrow keys
 * move within a group. A value that would lead to a sold-out variant or to no variant at all (with
 * the other options as chosen) is shown crossed out, disabled, with the reason.
 */
export function VariantPicker({
  product,
  chosen,
  onPick,
}: {
  product: Pick<TStorefrontProductDetail, 'id' | 'options' | 'variants' | 'defaultVariantId'>;
  chosen: readonly string[];
  onPick: (index: number, valueId: string) => void;
}) {
  const { t } = useStorefront();
  return (
    <div className="sf-options">
      {product.options.map((option, index) => {
        const chosenName = option.values.find((value) => value.id === chosen[index])?.name;
        return (
          <fieldset key={option.id} className="sf-option">
            {/* One text: "Size: M", read the same by every engine. */}
            <legend>{chosenName ? `${option.name}: ${chosenName}` : option.name}</legend>
            <div className="sf-choices">
              {option.values.map((value) => {
                const state = valueState(product, chosen, index, value.id);
                const inputId = `sf-option-${product.id}-${option.id}-${value.id}`;
                const reason =
                  state === 'available'
                    ? ''
                    : state === 'soldOut'
                      ? t('variant.soldOut')
                      : t('variant.unavailable');
                return (
                  <span key={value.id} className={`sf-choice sf-choice-${state}`}>
                    <input
                      type="radio"
                      id={inputId}
                      name={`sf-option-${option.id}`}
                      value={value.id}
                      checked={chosen[index] === value.id}
                      disabled={state !== 'available'}
                      onChange={() => onPick(index, value.id)}
                      // "Size: M", with the reason it cannot be picked: the same in every reader.
                      aria-label={`${option.name}: ${value.name}${reason ? ` (${reason})` : ''}`}
                    />
                    <label htmlFor={inputId}>
                      <span className="sf-choice-name">{value.name}</span>
                      {reason && <span className="sf-choice-reason">{reason}</span>}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

import { CodeSelect, type CodeSelectProps } from './CodeSelect';
import { ALL_LABEL } from './options';
import { countryOptions } from './countries';

const OPTIONS = countryOptions();
export type CountrySelectProps = CodeSelectProps;

/** Country select: the 41 top countries first, then the others by name, then Unknown. */
export default function CountrySelect(props: CountrySelectProps) {
  return <CodeSelect {...props} options={OPTIONS} kind="country" placeholder={ALL_LABEL} label="Country" />;
}

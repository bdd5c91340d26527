import { CodeSelect, type CodeSelectProps } from './CodeSelect';
import { languageOptions } from './languages';

const OPTIONS = languageOptions();
export type LanguageSelectProps = CodeSelectProps;

/** Language select by ISO 639-1 code with its English name. */
export default function LanguageSelect(props: LanguageSelectProps) {
  return <CodeSelect {...props} options={OPTIONS} kind="language" placeholder="All languages" label="Language" />;
}

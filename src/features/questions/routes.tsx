import { Placeholder } from '../../components/Placeholder';
import { useMessages } from '../../lib/i18n';
import { messages } from './messages';

export function Component() {
  const t = useMessages(messages);
  return <Placeholder title={t('title')} text={t('placeholder')} />;
}

import Alert from '@mui/material/Alert';
import { PageHeader } from './PageHeader';

/** A page that a later issue builds; it says so plainly instead of pretending. */
export function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert severity="info">{text}</Alert>
    </>
  );
}

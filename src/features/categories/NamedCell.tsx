import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';

/** A row's header cell in the category's tables: what the row is, its id below in small type. */
export function NamedCell({ name, id }: { name: string; id: string }) {
  return (
    <TableCell component="th" scope="row">
      {name}
      <Typography variant="caption" color="text.secondary" component="div">
        {id}
      </Typography>
    </TableCell>
  );
}

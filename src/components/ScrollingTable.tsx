import Table, { type TableProps } from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';

/**
 * A small table that, wider than a phone's screen, scrolls sideways in a box of its own (reachable by keyboard to
 * scroll it) instead of making the whole page scroll sideways.
 */
export function ScrollingTable(props: TableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" {...props} />
    </TableContainer>
  );
}

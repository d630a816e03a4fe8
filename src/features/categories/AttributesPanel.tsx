import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { attributeValueTypes, type Category, type CategoryAttribute } from '../../api/categories';
import { DataState } from '../../components/DataState';
import { useFormat } from '../../lib/format';
import { attributesQuery } from './queries';
import { NamedCell } from './NamedCell';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const typeLabels: Record<(typeof attributeValueTypes)[number], MessageDescriptor> = {
  list: msg`List`,
  number: msg`Number`,
  boolean: msg`Yes / no`,
  string: msg`Text`,
};

/** Lower case without accents, so "condicion" finds "Condición". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function matches(attribute: CategoryAttribute, query: string): boolean {
  const needle = fold(query.trim());
  if (!needle) return true;
  const haystack = [attribute.id, attribute.name, attribute.attribute_group_name, ...(attribute.values ?? []).map((v) => v.name)];
  return haystack.some((text) => fold(text).includes(needle));
}

function AttributeTable({ category, attributes, query }: { category: Category; attributes: CategoryAttribute[]; query: string }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const shown = attributes.filter((attribute) => matches(attribute, query));
  const typeWord = (type: string) =>
    (attributeValueTypes as readonly string[]).includes(type) ? i18n._(typeLabels[type as (typeof attributeValueTypes)[number]]) : type;
  return (
    <>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {shown.length === 0
          ? t`No attribute matches "${query}".`
          : t`Showing ${{ shown: format.number(shown.length) }} of ${{ total: format.number(attributes.length) }} attributes`}
      </Typography>
      {shown.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" sx={{ minWidth: 720 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t`Attributes of ${{ name: category.name }}`}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t`Name`}</TableCell>
                <TableCell>{t`Group`}</TableCell>
                <TableCell>{t`Value type`}</TableCell>
                <TableCell align="right">{t`Max length`}</TableCell>
                <TableCell>{t`Tags`}</TableCell>
                <TableCell>{t`Allowed values`}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((attribute) => (
                <TableRow key={attribute.id}>
                  <NamedCell name={attribute.name} id={attribute.id} />
                  <TableCell>{attribute.attribute_group_name}</TableCell>
                  <TableCell>{typeWord(attribute.value_type)}</TableCell>
                  <TableCell align="right">
                    {attribute.value_max_length === undefined ? '—' : format.number(attribute.value_max_length)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {Object.entries(attribute.tags)
                        .filter(([, on]) => on)
                        .map(([tag]) => (
                          <Chip
                            key={tag}
                            size="small"
                            variant={tag === 'required' || tag === 'fixed' ? 'filled' : 'outlined'}
                            label={tag === 'required' ? t`Required` : tag === 'fixed' ? t`Fixed` : tag.replace(/_/g, ' ')}
                          />
                        ))}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{attribute.values?.map((v) => v.name).join(', ') || t`Any value`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

interface AttributesPanelProps {
  category: Category;
  query: string;
  onQuery: (query: string) => void;
}

/** GET /categories/{id}/attributes as a searchable table (by name, id, group or allowed value). */
export function AttributesPanel({ category, query, onQuery }: AttributesPanelProps) {
  const { t } = useLingui();
  const attributes = useQuery(attributesQuery(category.id));
  return (
    <>
      <TextField
        type="search"
        label={t`Search attributes`}
        helperText={t`By name, id, group or allowed value`}
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        size="small"
        sx={{ mb: 1, width: 360, maxWidth: '100%' }}
      />
      <DataState
        query={attributes}
        isEmpty={(list) => list.length === 0}
        empty={<Typography>{t`This category has no attributes.`}</Typography>}
      >
        {(list) => <AttributeTable category={category} attributes={list} query={query} />}
      </DataState>
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '../../api/categories';
import { DataState } from '../../components/DataState';
import { technicalSpecsQuery } from './queries';
import { useLingui } from '@lingui/react/macro';

function Specs({ domainId }: { domainId: string }) {
  const { t } = useLingui();
  const specs = useQuery(technicalSpecsQuery(domainId));
  return (
    <DataState query={specs}>
      {(data) => (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
            {t`Technical specs of the domain ${{ domain: `${data.domain_name} (${data.domain_id})` }}`}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
            {data.groups.map((group) => (
              <Paper key={group.id} component="section" variant="outlined" aria-labelledby={`specs-${group.id}`} sx={{ p: 1.5 }}>
                <Typography id={`specs-${group.id}`} variant="subtitle2" component="h3">
                  {group.label}
                </Typography>
                <List dense>
                  {group.attributes.map((attribute) => (
                    <ListItem key={attribute.id} disableGutters>
                      <ListItemText
                        primary={attribute.name}
                        secondary={`${attribute.id} · ${attribute.required ? t`Required` : t`Optional`}`}
                        slotProps={{ secondary: { color: 'text.secondary' } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </Paper>
            ))}
          </Box>
        </>
      )}
    </DataState>
  );
}

/** The technical specs of the category's catalog domain (settings.catalog_domain); parents have none. */
export function TechnicalSpecsPanel({ category }: { category: Category }) {
  const { t } = useLingui();
  const domainId = category.settings.catalog_domain;
  if (!domainId)
    return (
      <Alert severity="info" role="note">
        {t`This category has no catalog domain, so it has no technical specs. Open one of its leaf categories.`}
      </Alert>
    );
  return <Specs domainId={domainId} />;
}

import { Alert, Stack } from '@mui/material';
import type { PromptField } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList } from './FieldEditor';
import { type ClassificationChoice, StructureContext } from './StructureContext';

interface StructureEditorProps {
  fields: PromptField[];
  onChange: (fields: PromptField[]) => void;
  isClassification: boolean;
  choices: ClassificationChoice[];
  choicesLoading?: boolean;
}

/** The structure tab (spec 1 §2.2): the tree of the prompt's fields. */
export function StructureEditor({
  fields,
  onChange,
  isClassification,
  choices,
  choicesLoading = false,
}: StructureEditorProps) {
  const { t } = useTranslation();
  const settings = useMemo(
    () => ({ isClassification, choices, choicesLoading }),
    [isClassification, choices, choicesLoading],
  );
  return (
    <StructureContext.Provider value={settings}>
      <Stack spacing={2}>
        <Alert severity="info" variant="outlined">
          {t('prompts.structure.intro')}
        </Alert>
        <FieldList fields={fields} onChange={onChange} path={[]} />
      </Stack>
    </StructureContext.Provider>
  );
}

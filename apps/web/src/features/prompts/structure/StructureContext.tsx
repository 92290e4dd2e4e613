import { createContext, useContext } from 'react';

export interface ClassificationChoice {
  id: number;
  name: string;
}

export interface StructureSettings {
  /** In a classification prompt its classification fields are locked (spec 1 §5). */
  isClassification: boolean;
  /** The project's other prompts, the targets of classification options. */
  choices: ClassificationChoice[];
  choicesLoading: boolean;
}

export const StructureContext = createContext<StructureSettings>({
  isClassification: false,
  choices: [],
  choicesLoading: false,
});

export const useStructureSettings = () => useContext(StructureContext);

/** The languages a prompt may name, as a regex alternation: a translation into one is never one into another. */
export const languageNames = 'english|french|spanish|german|italian|portuguese|chinese|mandarin|japanese|korean|russian|arabic|hindi|dutch|swedish|polish|turkish|greek|hebrew|latin|ukrainian|vietnamese|thai|indonesian|bengali|urdu|persian|swahili';

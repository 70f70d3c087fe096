// GitHub Actions' workflow commands (`::error file=…,line=…,title=…::message`), escaped as the
// runner reads them: in the message `%`, CR and LF; in a property also `:` and `,`, so a case
// named "x,line=1" or an answer holding "\n::add-mask::" stays inside the one command it is in.
import { escapeControls } from '../ui/safe-text.js';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface AnnotationProperties {
  file?: string;
  line?: number;
  title?: string;
}

const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One workflow command line. The message may have lines of ours (joined by LF, which the runner
 * shows as line breaks); any other control character is shown escaped, as on a terminal.
 */
export function workflowCommand(level: AnnotationLevel, properties: AnnotationProperties, message: string): string {
  const given = Object.entries(properties).filter(([, value]) => value !== undefined && value !== '');
  const props = given.map(([key, value]) => `${key}=${escapeProperty(escapeControls(String(value)))}`).join(',');
  const text = message.split('\n').map(escapeControls).join('\n');
  return `::${level}${props ? ` ${props}` : ''}::${escapeData(text)}`;
}

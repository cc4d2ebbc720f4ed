// The role matrix: the second of the three shares of its entries (the matrix and its fixture: ./suite.ts).
import { roleMatrix } from './suite.ts';

roleMatrix(2);

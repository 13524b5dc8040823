/** The company the shell shows: its logo in the top bar, its name in the footer. */
export interface LayoutCompany {
  name: string;
  logoUrl: string | null;
}

// AG Grid's setup shared by every grid of the app: the community modules registered once and
// the product's look (accent, header, font) so the grids read as one family.
import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

export const gridTheme = themeQuartz.withParams({
  accentColor: '#ff69b4',
  headerBackgroundColor: '#fafafa',
  fontFamily: 'inherit',
  fontSize: 13,
  rowHeight: 34,
  headerHeight: 38,
  wrapperBorderRadius: 8,
});

import { DATE_FORMAT } from '@blotter/shared/constants';
import { useInitData } from '../../../../lib/api/get-init-data';
import { type PickerFormats, pickerFormats } from '../../utils/date-input';

/** The company's dateFormat setting (dd/MM/yyyy until the initial data is in). */
export function useCompanyDateFormat(): number {
  const { data } = useInitData();
  return data?.companySettings.dateFormat ?? DATE_FORMAT.DMY;
}

/** The company's formats for the form's date fields (dd/MM/yyyy until the initial data is in). */
export function useCompanyPickerFormats(): PickerFormats {
  return pickerFormats(useCompanyDateFormat());
}

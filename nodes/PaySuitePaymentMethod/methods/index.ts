/** The Payment Method node's editor methods, registered in the node class. */
import {
	GET_FRANCHISES,
	GET_PAYMENT_METHOD_CODES,
	SEARCH_MERCHANT_PAYMENT_METHODS,
	getFranchises,
	getPaymentMethodCodes,
	searchMerchantPaymentMethods,
} from './merchant';

export const listSearch = { [SEARCH_MERCHANT_PAYMENT_METHODS]: searchMerchantPaymentMethods };
export const loadOptions = { [GET_PAYMENT_METHOD_CODES]: getPaymentMethodCodes, [GET_FRANCHISES]: getFranchises };

/** The Site node's editor methods: the payment facilitator list (shared with the Merchant node). */
import { SEARCH_PAYMENT_FACILITATORS, searchPaymentFacilitators } from '../../shared/methods/paymentFacilitators';

export const listSearch = { [SEARCH_PAYMENT_FACILITATORS]: searchPaymentFacilitators };

/**
 * The answers payment-processing-api.md shows for checkout sessions, refunds, transaction actions
 * (`{checkout_url}`) and payment links (`{links_url}`). Written from the document, never from the sandbox's code.
 * A transaction tells its refunds only by `refunded`: the documents show no list of a payment's refunds.
 */
import {
	AMOUNT,
	CONVERSION,
	documented,
	fact,
	NAME_VALUE,
	PAYMENT_REQUEST,
	PERSON,
	sandboxChoice,
	signedAnswer,
	STATUS,
	STATUS_FIELDS,
	type AnswerEntry,
} from './shapes';

const SESSIONS = 'payment-processing-api.md, Checkout sessions';
const LINKS = 'payment-processing-api.md, Payment links';

/**
 * "Transaction (payment response in sessions and refunds)". The document gives `dispersion` and `subscription`
 * no structure here (listed without anything inside); a discount is {base, code, type, amount}.
 */
const TRANSACTION =
	`{status.${STATUS_FIELDS},internalReference,reference,paymentMethod,paymentMethodName,issuerName,amount.${CONVERSION},` +
	`authorization,receipt,franchise,refunded,processorFields[].${NAME_VALUE},dispersion,agreement,agreementType,` +
	'discount.{base,code,type,amount},subscription}';

/** "Session request information (returned when a session is queried)". */
const REQUEST_INFORMATION =
	`{locale,payer.${PERSON},buyer.${PERSON},payment.${PAYMENT_REQUEST},subscription.{reference,description,fields[].${NAME_VALUE}},` +
	`fields[].${NAME_VALUE},expiration,returnUrl,ipAddress,userAgent}`;

/** "Session subscription response". */
const SUBSCRIPTION = `{status.${STATUS_FIELDS},type,instrument[].${NAME_VALUE}}`;

/** The session query's answer (and `session` inside the cancel answer). */
const SESSION = ['requestId', STATUS, `request.${REQUEST_INFORMATION}`, `payment[].${TRANSACTION}`, `subscription.${SUBSCRIPTION}`, 'autopay'];

/** The autopay response's fields are not shown: the sandbox answers an autopay's id and status. */
const AUTOPAY_CHOICE = sandboxChoice(
	'docs/sandbox/checkout.md',
	'The document does not show the fields of the autopay response: the sandbox answers the autopay id and its status',
	`autopay.{id,${STATUS}}`,
);

/** "Payment item" of a link query. */
const LINK_PAYMENT =
	'{id,requestId,status,message,processUrl,amount.{currency,total},receipt,franchise,paymentMethod,paymentDate,internalReference,' +
	'authorization,issuerName,merchantCode,terminalNumber,installments,lastDigits,payer.{name,surname,email,phone,document,documentType}}';

export const CHECKOUT_ANSWERS: AnswerEntry[] = [
	signedAnswer('POST /api/session', `${SESSIONS}, POST /api/session`, documented(STATUS, 'requestId', 'processUrl')),
	signedAnswer('POST /api/session/:requestId', `${SESSIONS}, POST /api/session/{requestId}`, documented(...SESSION), AUTOPAY_CHOICE),
	signedAnswer(
		'POST /api/session/:requestId/cancel',
		`${SESSIONS}, POST /api/session/{requestId}/cancel`,
		documented(STATUS, ...SESSION.map((path) => `session.${path}`)),
		{ ...AUTOPAY_CHOICE, paths: AUTOPAY_CHOICE.paths.map((path) => `session.${path}`) },
	),
	signedAnswer(
		'POST /api/reverse',
		`${SESSIONS}, POST /api/reverse`,
		documented(
			STATUS,
			`payment.{status.${STATUS_FIELDS},internalReference,paymentMethod,paymentMethodName,issuerName,amount.${CONVERSION},authorization,reference,receipt,franchise,refunded,processorFields[].${NAME_VALUE}}`,
		),
	),
	// "shown as the Payment request structure"; every answer carries a status.
	signedAnswer('POST /api/transaction', `${SESSIONS}, POST /api/transaction`, documented(STATUS, PAYMENT_REQUEST)),

	signedAnswer('POST /api/payment-link', `${LINKS}, POST /api/payment-link`, documented(STATUS, 'id', 'url', 'requestId', 'processUrl')),
	signedAnswer(
		'POST /api/payment-link/:id',
		`${LINKS}, POST /api/payment-link/{link_id}`,
		documented(
			'{id,status,url,expirationDate,name,reference,description,totalPayments,availablePayments,paymentExpiration}',
			`amount.${AMOUNT}`,
			'site.{id,name}',
			'metadata.*',
			`payments[].${LINK_PAYMENT}`,
			'{isGeneric,notificationUrl,locale,allowedPaymentMethods}',
		),
	),
	signedAnswer('POST /api/payment-link/disalbe/:id', `${LINKS}, POST /api/payment-link/disalbe/{link_id}`, documented(STATUS, 'id')),
	// DESIGN.md facts: the platform publishes the path spelled `disable`.
	signedAnswer('POST /api/payment-link/disable/:id', 'DESIGN.md facts: the disable path as the platform publishes it', fact(STATUS, 'id')),
];
